package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.util.HashSet;
import java.util.Set;

/**
 * At the start of each of the method's own exception handlers: {@code dup;
 * Tracer.caught(t, id)}. The runtime learns which frame caught the exception, so it can close
 * frames that vanished without an exit record (and record the catch).
 * Must run before {@link CallProbe} adds its catch-all handler.
 */
public final class CatchProbe implements Probe {
    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        Set<LabelNode> seen = new HashSet<>();
        for (TryCatchBlockNode tcb : method.tryCatchBlocks) {
            if (!seen.add(tcb.handler)) continue;
            AbstractInsnNode at = tcb.handler;
            // The handler's frame must stay at the handler's offset: insert after it.
            while (at.getNext() instanceof FrameNode || at.getNext() instanceof LineNumberNode
                    || at.getNext() instanceof LabelNode) {
                at = at.getNext();
            }
            InsnList call = new InsnList();
            call.add(new InsnNode(Opcodes.DUP));
            call.add(Bytecode.pushInt(ctx.methodId));
            call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "caught",
                    "(Ljava/lang/Throwable;I)V", false));
            method.instructions.insert(at, call);
        }
    }
}
