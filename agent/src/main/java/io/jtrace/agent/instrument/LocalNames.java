package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.ParameterNode;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which variable a local slot holds at an instruction, from the method's
 * {@code LocalVariableTable}: a slot can be reused by differently named locals, so the name
 * depends on where the instruction is. Without the table (a class compiled without {@code -g}),
 * parameters are named from the {@code MethodParameters} attribute or {@code arg0, arg1...}
 * and other locals by slot ({@code local3}). Must be built before the method is changed.
 */
final class LocalNames {
    /** A named variable: kind is {@code local} or {@code param}; desc a field descriptor. */
    static final class Local {
        final String kind, name, desc;
        final int slot;

        Local(String kind, String name, String desc, int slot) {
            this.kind = kind;
            this.name = name;
            this.desc = desc;
            this.slot = slot;
        }
    }

    private final MethodNode method;
    private final boolean debugInfo;
    private final int paramSlots;
    private final Type[] params;
    private final int firstParamSlot;
    private final Map<AbstractInsnNode, Integer> positions = new IdentityHashMap<>();

    LocalNames(MethodNode method) {
        this.method = method;
        List<LocalVariableNode> lvt = method.localVariables;
        this.debugInfo = lvt != null && !lvt.isEmpty();
        this.params = Type.getArgumentTypes(method.desc);
        this.firstParamSlot = (method.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        int slots = firstParamSlot;
        for (Type t : params) slots += t.getSize();
        this.paramSlots = slots;
        int i = 0;
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) positions.put(n, i++);
    }

    boolean hasDebugInfo() {
        return debugInfo;
    }

    /** True for slot 0 of an instance method: {@code this}, never recorded as a variable. */
    boolean isThis(int slot) {
        return slot == 0 && firstParamSlot == 1;
    }

    /**
     * The variable in {@code slot} at {@code at}; {@code store} if {@code at} writes it (its
     * scope may start right after the store). {@code opcodeDesc} is the type the instruction
     * implies (I, J, F, D or Object). Null for a compiler temporary: a slot the table leaves
     * unnamed (the copies behind for-each loops, try-with-resources, switch on strings).
     */
    Local at(int slot, AbstractInsnNode at, boolean store, String opcodeDesc) {
        String kind = slot < paramSlots ? "param" : "local";
        if (debugInfo) {
            int p = positions.get(at) + (store ? 1 : 0);
            for (LocalVariableNode lv : method.localVariables) {
                if (lv.index == slot && positions.get(lv.start) <= p && p < positions.get(lv.end)) {
                    return new Local(kind, lv.name, lv.desc, slot);
                }
            }
            if (slot >= paramSlots) return null;
        }
        if (slot < paramSlots) {
            int index = paramIndex(slot);
            if (index >= 0) return new Local(kind, paramName(index), params[index].getDescriptor(), slot);
        }
        return new Local(kind, "local" + slot, opcodeDesc, slot);
    }

    /**
     * The name of parameter {@code index} (0 = the first declared; {@code this} is not one): the
     * table's entry for its slot that starts first (a parameter is live from the method's start),
     * else the {@code MethodParameters} attribute, else {@code arg0, arg1...}.
     */
    String parameterName(int index) {
        int slot = firstParamSlot;
        for (int i = 0; i < index; i++) slot += params[i].getSize();
        if (debugInfo) {
            LocalVariableNode first = null;
            for (LocalVariableNode lv : method.localVariables) {
                if (lv.index == slot && (first == null || positions.get(lv.start) < positions.get(first.start))) first = lv;
            }
            if (first != null) return first.name;
        }
        return paramName(index);
    }

    /** True if parameters have names of their own (a LocalVariableTable or a MethodParameters attribute). */
    boolean hasParameterNames() {
        return debugInfo || method.parameters != null && method.parameters.size() == params.length;
    }

    /** Position of a node in the unchanged method (for scope checks). */
    int position(AbstractInsnNode n) {
        Integer p = positions.get(n);
        return p == null ? -1 : p;
    }

    private int paramIndex(int slot) {
        int s = firstParamSlot;
        for (int i = 0; i < params.length; i++) {
            if (s == slot) return i;
            s += params[i].getSize();
        }
        return -1;
    }

    private String paramName(int index) {
        List<ParameterNode> names = method.parameters;
        if (names != null && names.size() == params.length && names.get(index).name != null) return names.get(index).name;
        return "arg" + index;
    }
}
