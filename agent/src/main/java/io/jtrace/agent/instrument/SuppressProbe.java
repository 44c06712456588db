package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Before each {@code Throwable.addSuppressed(x)} (the user's, or the one javac generates for
 * try-with-resources whose close fails): {@code dup2; Tracer.suppressed(primary, x, line, id)},
 * which links the suppressed exception to the one that carries it.
 */
public final class SuppressProbe implements Probe {
    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        int line = 0;
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LineNumberNode) {
                line = ((LineNumberNode) n).line;
            } else if (Handlers.isAddSuppressed(n)) {
                InsnList call = new InsnList();
                call.add(new InsnNode(Opcodes.DUP2));
                call.add(Bytecode.pushInt(line));
                call.add(Bytecode.pushInt(ctx.methodId));
                call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "suppressed",
                        "(Ljava/lang/Object;Ljava/lang/Throwable;II)V", false));
                method.instructions.insertBefore(n, call);
            }
        }
    }
}
