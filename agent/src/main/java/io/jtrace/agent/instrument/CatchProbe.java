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

import java.util.List;

/**
 * At the start of each of the method's own exception handlers, a call with the caught exception
 * ({@code dup} first, so the handler's code is unchanged). Which call depends on what the handler
 * is (see {@link Handlers}):
 * <pre>
 *   catch (E e)                      Tracer.caughtAs(t, methodId, line, declaredTypeId)
 *   finally, try-with-resources close Tracer.unwinding(t, methodId, line, what)
 *   synchronized monitor release,
 *   try-with-resources suppress      Tracer.caught(t, methodId)
 * </pre>
 * Every call lets the runtime close frames that vanished without an exit record; {@code caught}
 * does only that (and is all that is inserted when exceptions are not recorded).
 * Must run before {@link CallProbe} adds its catch-all handler, and before {@link ThrowProbe}
 * (the handler shapes are read from the original code).
 */
public final class CatchProbe implements Probe {
    private static final String THROWABLE_INT_INT_INT = "(Ljava/lang/Throwable;III)V";

    /** Null: repair only, no exception records. */
    private final TypeIds types;

    /** Repair only (exceptions not recorded). */
    public CatchProbe() {
        this(null);
    }

    public CatchProbe(TypeIds types) {
        this.types = types;
    }

    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        List<Handlers.Handler> handlers = Handlers.of(method); // all classified before any insertion
        for (Handlers.Handler h : handlers) {
            AbstractInsnNode at = h.label;
            // The handler's frame must stay at the handler's offset: insert after it.
            while (at.getNext() instanceof FrameNode || at.getNext() instanceof LineNumberNode
                    || at.getNext() instanceof LabelNode) {
                at = at.getNext();
            }
            method.instructions.insert(at, call(h, ctx));
        }
    }

    private InsnList call(Handlers.Handler h, MethodContext ctx) {
        InsnList call = new InsnList();
        call.add(new InsnNode(Opcodes.DUP));
        call.add(Bytecode.pushInt(ctx.methodId));
        Handlers.Kind kind = h.kind;
        switch (types == null ? Handlers.Kind.MONITOR_EXIT : kind) { // not recording: repair only
            case CATCH:
                call.add(Bytecode.pushInt(h.line));
                call.add(Bytecode.pushInt(types.idOfName(h.declaredTypes())));
                call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "caughtAs", THROWABLE_INT_INT_INT, false));
                break;
            case FINALLY:
            case RESOURCE_CLOSE:
                call.add(Bytecode.pushInt(h.line));
                call.add(Bytecode.pushInt(kind == Handlers.Kind.FINALLY ? 0 : 1)); // RecordFormat.FINALLY_BLOCK / _RESOURCE_CLOSE
                call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "unwinding", THROWABLE_INT_INT_INT, false));
                break;
            default:
                call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodContext.TRACER, "caught",
                        "(Ljava/lang/Throwable;I)V", false));
                break;
        }
        return call;
    }
}
