package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import static io.jtrace.agent.instrument.VariableCode.OBJECT;
import static io.jtrace.agent.instrument.VariableCode.call;
import static io.jtrace.agent.instrument.VariableCode.list;
import static io.jtrace.agent.instrument.VariableCode.load;
import static io.jtrace.agent.instrument.VariableCode.store;

/**
 * Array element reads and writes, with the array's identity and the index:
 * <pre>
 *   dup2; xALOAD   then  dup_x2 (dup2_x2); push site; element(array, index, v, site)
 *   xASTORE        spill array, index and value to spare locals, reload them for the store,
 *                  then reload all three: push site; element(array, index, v, site)
 * </pre>
 * A write is recorded after the store, so a store that throws (bad index, wrong type) records nothing.
 */
final class ArrayAccesses {
    private ArrayAccesses() {}

    /** Element descriptors by opcode offset from IALOAD / IASTORE. */
    private static final String[] ELEMENTS = {"I", "J", "F", "D", "Ljava/lang/Object;", "B", "C", "S"};

    static void instrument(AbstractInsnNode n, VariableCode c, ArrayNames names) {
        int op = n.getOpcode();
        boolean write = ArrayNames.isArrayStore(op);
        String opcodeElement = ELEMENTS[op - (write ? Opcodes.IASTORE : Opcodes.IALOAD)];
        ArrayNames.ArrayName array = names.at(n);
        String name = array == null ? "[]" : array.name + "[]";
        String desc = array == null ? opcodeElement : array.desc.substring(1);
        Type t = VariableCode.stackType(opcodeElement);
        boolean wide = t.getSize() == 2;
        boolean redacted = array != null && !array.name.isEmpty() && c.redacted(array.name);
        int site = c.site("array", name, desc, -1, "", write, redacted);
        if (!write) {
            c.code.insertBefore(n, list(new InsnNode(Opcodes.DUP2)));
            InsnList after = redacted
                    ? call(list(new InsnNode(wide ? Opcodes.DUP2_X2 : Opcodes.DUP_X2), new InsnNode(wide ? Opcodes.POP2 : Opcodes.POP)),
                        "elementRedacted", site, OBJECT, Type.INT_TYPE)
                    : call(list(new InsnNode(wide ? Opcodes.DUP2_X2 : Opcodes.DUP_X2)), "element", site, OBJECT, Type.INT_TYPE, t);
            c.code.insert(n, after);
            return;
        }
        int arraySlot = c.temp;
        int indexSlot = c.temp + 1;
        int valueSlot = c.temp + 2;
        c.code.insertBefore(n, list(store(t, valueSlot), new VarInsnNode(Opcodes.ISTORE, indexSlot),
                new VarInsnNode(Opcodes.ASTORE, arraySlot), new VarInsnNode(Opcodes.ALOAD, arraySlot),
                new VarInsnNode(Opcodes.ILOAD, indexSlot), load(t, valueSlot)));
        InsnList after = list(new VarInsnNode(Opcodes.ALOAD, arraySlot), new VarInsnNode(Opcodes.ILOAD, indexSlot));
        if (redacted) {
            call(after, "elementRedacted", site, OBJECT, Type.INT_TYPE);
        } else {
            after.add(load(t, valueSlot));
            call(after, "element", site, OBJECT, Type.INT_TYPE, t);
        }
        c.code.insert(n, after);
    }
}
