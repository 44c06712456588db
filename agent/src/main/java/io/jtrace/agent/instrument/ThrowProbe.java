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
 * Before each {@code athrow}: {@code dup; Tracer.thrown(t, line, methodId)}. The runtime tells a
 * new throw from a rethrow and from a finally block passing its exception on. The {@code athrow}
 * that ends a synchronized block's monitor-release handler is left alone: it is not the user's.
 * Must run after {@link CatchProbe} and before {@link CallProbe} (whose own rethrow is not a throw).
 */
public final class ThrowProbe implements Probe {
    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        int line = 0;
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LineNumberNode) {
                line = ((LineNumberNode) n).line;
            } else if (n.getOpcode() == Opcodes.ATHROW && !Handlers.isMonitorRethrow(n)) {
                InsnList call = new InsnList();
                call.add(new InsnNode(Opcodes.DUP));
                call.add(Bytecode.pushInt(line));
                call.add(Bytecode.pushInt(ctx.methodId));
                call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "thrown",
                        "(Ljava/lang/Throwable;II)V", false));
                method.instructions.insertBefore(n, call);
            }
        }
    }
}
