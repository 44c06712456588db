package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Names the array of each array load and store: the local or field the array reference was
 * loaded from ({@code values} in {@code values[i] = x}), found by a source analysis of the
 * operand stack (no class loading). The name gives array elements a readable variable name, a
 * declared element type, and lets redaction cover {@code char[] password}. Arrays produced any
 * other way (a call's result, a conditional) stay unnamed. Must run on the unchanged method.
 */
final class ArrayNames {
    /** Name and declared array type (a descriptor starting with '[') of the array an access uses. */
    static final class ArrayName {
        final String name, desc;

        ArrayName(String name, String desc) {
            this.name = name;
            this.desc = desc;
        }
    }

    private final Map<AbstractInsnNode, ArrayName> names = new IdentityHashMap<>();

    ArrayNames(String owner, MethodNode method, LocalNames locals) {
        if (!hasArrayAccess(method)) return;
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
        } catch (AnalyzerException | RuntimeException e) {
            return; // unusual code: arrays stay unnamed
        }
        AbstractInsnNode[] insns = method.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            int op = insns[i].getOpcode();
            Frame<SourceValue> f = frames[i];
            if (f == null) continue; // unreachable
            int depth;
            if (isArrayLoad(op)) depth = 2;
            else if (isArrayStore(op)) depth = 3;
            else continue;
            SourceValue array = f.getStack(f.getStackSize() - depth);
            if (array.insns.size() != 1) continue;
            ArrayName name = nameOf(array.insns.iterator().next(), locals);
            if (name != null) names.put(insns[i], name);
        }
    }

    /** The array's name at this access, or null if unnamed. */
    ArrayName at(AbstractInsnNode access) {
        return names.get(access);
    }

    private static ArrayName nameOf(AbstractInsnNode producer, LocalNames locals) {
        if (producer instanceof VarInsnNode && producer.getOpcode() == Opcodes.ALOAD) {
            int slot = ((VarInsnNode) producer).var;
            LocalNames.Local l = locals.at(slot, producer, false, "Ljava/lang/Object;");
            return l == null || !l.desc.startsWith("[") ? null : new ArrayName(l.name, l.desc);
        }
        if (producer instanceof FieldInsnNode && (producer.getOpcode() == Opcodes.GETFIELD
                || producer.getOpcode() == Opcodes.GETSTATIC)) {
            FieldInsnNode f = (FieldInsnNode) producer;
            return f.desc.startsWith("[") ? new ArrayName(f.name, f.desc) : null;
        }
        return null;
    }

    private static boolean hasArrayAccess(MethodNode method) {
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (isArrayLoad(n.getOpcode()) || isArrayStore(n.getOpcode())) return true;
        }
        return false;
    }

    static boolean isArrayLoad(int op) {
        return op >= Opcodes.IALOAD && op <= Opcodes.SALOAD;
    }

    static boolean isArrayStore(int op) {
        return op >= Opcodes.IASTORE && op <= Opcodes.SASTORE;
    }
}
