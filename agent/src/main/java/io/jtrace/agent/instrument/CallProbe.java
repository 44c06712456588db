package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Method enter, every normal return, and exceptional exit.
 *
 * <pre>
 *   Tracer.enter(id)                    at the first instruction (before super() in constructors:
 *                                       a static call does not touch 'this')
 *   Tracer.exit(id)                     before every xRETURN
 *   catch-any handler, LAST in the exception table so the method's own handlers come first:
 *     dup; Tracer.exitExceptional(t, id); athrow
 * </pre>
 * In a constructor the handler only covers code after {@code super(...)} returns: a handler may
 * not cover code where {@code this} is uninitialized. An exception thrown before that leaves the
 * frame without a record; the runtime closes such frames when a caller's exit or catch shows
 * they are gone.
 */
public final class CallProbe implements Probe {
    private static final String THROWABLE = "java/lang/Throwable";

    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        InsnList code = method.instructions;
        for (var n = code.getFirst(); n != null; n = n.getNext()) {
            if (Bytecode.isReturn(n.getOpcode())) code.insertBefore(n, ctx.callWithId("exit"));
        }

        LabelNode start = new LabelNode();
        if (ctx.constructor) {
            if (ctx.superCall == null) {
                // No super() (only java.lang.Object has none): trace enter/exit, no handler.
                code.insert(ctx.callWithId("enter"));
                return;
            }
            code.insert(ctx.superCall, start);
        } else {
            code.insert(start);
        }
        code.insert(ctx.callWithId("enter"));

        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        code.add(end);
        code.add(handler);
        if (ctx.frames) {
            // No locals are needed: an empty (all-TOP) frame is compatible with every point in the range.
            code.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {THROWABLE}));
        }
        code.add(new InsnNode(Opcodes.DUP));
        code.add(Bytecode.pushInt(ctx.methodId));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "exitExceptional",
                "(L" + THROWABLE + ";I)V", false));
        code.add(new InsnNode(Opcodes.ATHROW));
        method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }
}
