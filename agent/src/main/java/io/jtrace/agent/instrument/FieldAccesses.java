package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import static io.jtrace.agent.instrument.VariableCode.OBJECT;
import static io.jtrace.agent.instrument.VariableCode.call;
import static io.jtrace.agent.instrument.VariableCode.dup;
import static io.jtrace.agent.instrument.VariableCode.list;
import static io.jtrace.agent.instrument.VariableCode.load;
import static io.jtrace.agent.instrument.VariableCode.store;

/**
 * Reads and writes of fields, with the owner's identity for instance fields:
 * <pre>
 *   GETSTATIC            then   dup; push site; value(v, site)
 *   PUTSTATIC            before dup; push site; value(v, site)
 *   dup; GETFIELD        then   dup_x1 (dup2_x1); push site; field(owner, v, site)
 *   PUTFIELD             spill owner and value to spare locals, reload them for the PUTFIELD,
 *                        then reload both: push site; field(owner, v, site)  (only if the write happened)
 * </pre>
 * In a constructor before {@code super(...)} returns, {@code this} may not be passed anywhere:
 * reads are skipped and writes (javac's {@code this$0}, records' flexible bodies) are recorded
 * without the owner.
 */
final class FieldAccesses {
    private FieldAccesses() {}

    static void instrument(FieldInsnNode f, VariableCode c) {
        int op = f.getOpcode();
        boolean isStatic = op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC;
        boolean write = op == Opcodes.PUTSTATIC || op == Opcodes.PUTFIELD;
        if (op == Opcodes.GETFIELD && !c.initialized) return;
        Type t = VariableCode.stackType(f.desc);
        boolean wide = t.getSize() == 2;
        boolean redacted = c.redacted(f.name);
        int site = c.site(isStatic ? "static" : "field", f.name, f.desc, -1, f.owner.replace('/', '.'), write, redacted);
        boolean withOwner = !isStatic && c.initialized;
        if (!withOwner) {
            InsnList code = redacted ? call(new InsnList(), "redacted", site) : call(list(dup(t)), "value", site, t);
            if (write) c.code.insertBefore(f, code);
            else c.code.insert(f, code);
        } else if (!write) {
            c.code.insertBefore(f, list(new InsnNode(Opcodes.DUP)));
            InsnList after = redacted
                    ? call(wide ? list(new InsnNode(Opcodes.DUP2_X1), new InsnNode(Opcodes.POP2)) : list(new InsnNode(Opcodes.SWAP)),
                        "fieldRedacted", site, OBJECT)
                    : call(list(new InsnNode(wide ? Opcodes.DUP2_X1 : Opcodes.DUP_X1)), "field", site, OBJECT, t);
            c.code.insert(f, after);
        } else {
            int owner = c.temp;
            int value = c.temp + 1;
            c.code.insertBefore(f, list(store(t, value), new VarInsnNode(Opcodes.ASTORE, owner),
                    new VarInsnNode(Opcodes.ALOAD, owner), load(t, value)));
            InsnList after = list(new VarInsnNode(Opcodes.ALOAD, owner));
            if (redacted) {
                call(after, "fieldRedacted", site, OBJECT);
            } else {
                after.add(load(t, value));
                call(after, "field", site, OBJECT, t);
            }
            c.code.insert(f, after);
        }
    }
}
