package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
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
 * declared element type, and lets redaction cover {@code char[] password}. The analysis sees
 * through the operand-stack copies of a compound assignment ({@code password[i] ^= k} loads and
 * stores through a {@code dup2} of the array reference). A new array (an initializer's stores)
 * and a cast have no name but an exact type ({@code boolean[]}, which {@code bastore} does not
 * tell from {@code byte[]}; {@code String[]}, which {@code aastore} calls Object). Arrays
 * produced any other way (a call's result, a conditional) stay unnamed. Must run on the
 * unchanged method.
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
            frames = new Analyzer<>(new CopyTransparentInterpreter()).analyze(owner, method);
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

    /** Sources where a DUP or SWAP copy keeps the source of the value it copies. */
    private static final class CopyTransparentInterpreter extends SourceInterpreter {
        CopyTransparentInterpreter() {
            super(Opcodes.ASM9);
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            int op = insn.getOpcode();
            return op >= Opcodes.DUP && op <= Opcodes.SWAP ? value : super.copyOperation(insn, value);
        }
    }

    private static final String[] PRIMITIVE_ARRAYS = {"[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J"}; // T_BOOLEAN (4) .. T_LONG (11)

    private static ArrayName nameOf(AbstractInsnNode producer, LocalNames locals) {
        if (producer.getOpcode() == Opcodes.NEWARRAY) {
            int t = ((IntInsnNode) producer).operand - Opcodes.T_BOOLEAN;
            return t >= 0 && t < PRIMITIVE_ARRAYS.length ? new ArrayName("", PRIMITIVE_ARRAYS[t]) : null;
        }
        if (producer.getOpcode() == Opcodes.ANEWARRAY) {
            String element = ((TypeInsnNode) producer).desc;
            return new ArrayName("", "[" + (element.startsWith("[") ? element : "L" + element + ";"));
        }
        if (producer.getOpcode() == Opcodes.CHECKCAST && ((TypeInsnNode) producer).desc.startsWith("[")) {
            return new ArrayName("", ((TypeInsnNode) producer).desc);
        }
        if (producer.getOpcode() == Opcodes.MULTIANEWARRAY) {
            return new ArrayName("", ((MultiANewArrayInsnNode) producer).desc);
        }
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
