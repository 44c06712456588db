package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites one class: reads it into a tree with expanded frames, gives each selected method an
 * id and applies the probes in order. Frames are never recomputed (that would load classes from
 * inside the transformer); {@code COMPUTE_MAXS} only sizes the operand stack.
 */
public final class ClassInstrumenter {
    private final MethodFilter filter;
    private final MethodIds ids;
    private final List<Probe> probes;

    public ClassInstrumenter(MethodFilter filter, MethodIds ids, List<Probe> probes) {
        this.filter = filter;
        this.ids = ids;
        this.probes = List.copyOf(probes);
    }

    /**
     * The default probe chain for tracing calls. {@code beforeCalls} run right before the call
     * probe (the {@link ArgumentProbe}: the call probe then puts enter ahead of its code at the
     * start, and exit between its code and each return).
     */
    public static List<Probe> callProbes(Probe... beforeCalls) {
        List<Probe> chain = new ArrayList<>(List.of(new CatchProbe()));
        chain.addAll(List.of(beforeCalls));
        chain.add(new CallProbe());
        return chain;
    }

    /** Calls plus exceptions: throw, catch, finally and suppression, before the call probe's catch-all. */
    public static List<Probe> exceptionProbes(TypeIds types, Probe... beforeCalls) {
        List<Probe> chain = new ArrayList<>(List.of(new CatchProbe(types), new ThrowProbe(), new SuppressProbe()));
        chain.addAll(List.of(beforeCalls));
        chain.add(new CallProbe());
        return chain;
    }

    /** Returns the rewritten class, or null if nothing in it is traced. */
    public byte[] instrument(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        if ((reader.getAccess() & Opcodes.ACC_MODULE) != 0) return null;
        String className = reader.getClassName().replace('/', '.');
        if (!filter.mayMatchClass(className)) return null;

        ClassNode cn = new ClassNode();
        reader.accept(cn, ClassReader.EXPAND_FRAMES);
        boolean frames = (cn.version & 0xFFFF) >= Opcodes.V1_6;
        boolean changed = false;
        for (MethodNode m : cn.methods) {
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || m.instructions.size() == 0) continue;
            if (!filter.matches(className, m.name)) continue;
            int id = ids.register(className, m.name, m.desc, cn.sourceFile, Bytecode.firstLine(m), m.access);
            MethodContext ctx = new MethodContext(id, m, frames);
            for (Probe p : probes) p.apply(cn, m, ctx);
            changed = true;
        }
        if (!changed) return null;
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(writer);
        return writer.toByteArray();
    }
}
