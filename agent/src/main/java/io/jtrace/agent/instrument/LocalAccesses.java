package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.VarInsnNode;

import static io.jtrace.agent.instrument.VariableCode.call;
import static io.jtrace.agent.instrument.VariableCode.dup;
import static io.jtrace.agent.instrument.VariableCode.list;
import static io.jtrace.agent.instrument.VariableCode.load;

/**
 * Reads and writes of locals and parameters:
 * <pre>
 *   xLOAD n            then  dup; push site; VariableTracer.value(v, site)
 *   xSTORE n / IINC n  then  xLOAD n; push site; VariableTracer.value(v, site)   (the value written)
 * </pre>
 * {@code this} is never recorded (it would be every field access and call); references are not
 * touched before {@code super(...)} returns or where a local may hold an uninitialized object.
 */
final class LocalAccesses {
    private LocalAccesses() {}

    private static final Type[] BY_OPCODE = {Type.INT_TYPE, Type.LONG_TYPE, Type.FLOAT_TYPE, Type.DOUBLE_TYPE, VariableCode.OBJECT};

    /** Returns true if the access was instrumented. */
    static boolean instrument(AbstractInsnNode n, VariableCode c, LocalNames names, boolean hasSubroutines) {
        int op = n.getOpcode();
        int slot;
        boolean write;
        Type t;
        if (n instanceof IincInsnNode) {
            slot = ((IincInsnNode) n).var;
            write = true;
            t = Type.INT_TYPE;
        } else if (n instanceof VarInsnNode && op != Opcodes.RET) {
            slot = ((VarInsnNode) n).var;
            write = op >= Opcodes.ISTORE;
            t = BY_OPCODE[op - (write ? Opcodes.ISTORE : Opcodes.ILOAD)];
        } else {
            return false;
        }
        if (names.isThis(slot)) return false;
        if (t == VariableCode.OBJECT && (!c.initialized || hasSubroutines || (write && storesNewObject(n)))) return false;
        LocalNames.Local local = names.at(slot, n, write, t.getDescriptor());
        if (local == null) return false;
        boolean redacted = c.redacted(local.name);
        int site = c.site(local.kind, local.name, local.desc, slot, "", write, redacted);
        InsnList code;
        if (redacted) code = call(new InsnList(), "redacted", site);
        else if (write) code = call(list(load(t, slot)), "value", site, t);
        else code = call(list(dup(t)), "value", site, t);
        c.code.insert(n, code);
        return true;
    }

    /** {@code new X; [dup;] astore}: the stored object is not initialized yet and may not be passed on. */
    private static boolean storesNewObject(AbstractInsnNode store) {
        AbstractInsnNode p = previousInstruction(store);
        if (p != null && p.getOpcode() == Opcodes.DUP) p = previousInstruction(p);
        return p != null && p.getOpcode() == Opcodes.NEW;
    }

    private static AbstractInsnNode previousInstruction(AbstractInsnNode n) {
        AbstractInsnNode p = n.getPrevious();
        while (p instanceof LabelNode || p instanceof LineNumberNode || p instanceof FrameNode) p = p.getPrevious();
        return p;
    }
}
