package io.jtrace.agent.instrument;

import io.jtrace.agent.filter.Redaction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.HashMap;
import java.util.Map;

/**
 * What the variable probe's access handlers share while they rewrite one method: the code, the
 * current source line, whether {@code this} is initialized yet, spare local slots, and the
 * registration of access sites (one id per distinct variable, line and access of the method).
 */
final class VariableCode {
    static final String VARIABLE_TRACER = "io/jtrace/runtime/VariableTracer";
    static final Type OBJECT = Type.getObjectType("java/lang/Object");

    final InsnList code;
    /** First of four spare local slots beyond the method's own, for spilling operands of writes. */
    final int temp;
    int line;
    /** False in a constructor until its super(...)/this(...) call: 'this' may not be passed anywhere. */
    boolean initialized;

    private final VariableSites sites;
    private final Redaction redaction;
    private final int methodId;
    private final Map<String, Integer> ids = new HashMap<>();

    VariableCode(InsnList code, int temp, boolean initialized, VariableSites sites, Redaction redaction, int methodId) {
        this.code = code;
        this.temp = temp;
        this.initialized = initialized;
        this.sites = sites;
        this.redaction = redaction;
        this.methodId = methodId;
    }

    boolean redacted(String name) {
        return redaction.matches(name);
    }

    /** The id of this access site, registering it on first use. */
    int site(String kind, String name, String desc, int slot, String owner, boolean write, boolean redacted) {
        String key = kind + ' ' + name + ' ' + desc + ' ' + slot + ' ' + owner + ' ' + line + ' ' + write;
        Integer id = ids.get(key);
        if (id == null) {
            id = sites.register(methodId, kind, name, desc, slot, owner, line, write, redacted);
            ids.put(key, id);
        }
        return id;
    }

    /** The type a value of declared type {@code desc} has on the operand stack: I, J, F, D or Object. */
    static Type stackType(String desc) {
        switch (desc.charAt(0)) {
            case 'Z': case 'B': case 'C': case 'S': case 'I': return Type.INT_TYPE;
            case 'J': return Type.LONG_TYPE;
            case 'F': return Type.FLOAT_TYPE;
            case 'D': return Type.DOUBLE_TYPE;
            default: return OBJECT;
        }
    }

    static AbstractInsnNode dup(Type t) {
        return new InsnNode(t.getSize() == 2 ? Opcodes.DUP2 : Opcodes.DUP);
    }

    static AbstractInsnNode load(Type t, int slot) {
        return new VarInsnNode(t.getOpcode(Opcodes.ILOAD), slot);
    }

    static AbstractInsnNode store(Type t, int slot) {
        return new VarInsnNode(t.getOpcode(Opcodes.ISTORE), slot);
    }

    /** {@code push site; invokestatic VariableTracer.name(args..., int)V}, appended to {@code list}. */
    static InsnList call(InsnList list, String name, int site, Type... args) {
        StringBuilder desc = new StringBuilder("(");
        for (Type a : args) desc.append(a.getDescriptor());
        desc.append("I)V");
        list.add(Bytecode.pushInt(site));
        list.add(new MethodInsnNode(Opcodes.INVOKESTATIC, VARIABLE_TRACER, name, desc.toString(), false));
        return list;
    }

    static InsnList list(AbstractInsnNode... nodes) {
        InsnList l = new InsnList();
        for (AbstractInsnNode n : nodes) l.add(n);
        return l;
    }
}
