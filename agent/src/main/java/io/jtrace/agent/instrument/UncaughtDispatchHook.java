package io.jtrace.agent.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.List;

/**
 * The only changes jtrace makes to JDK classes: where the JDK hands an exception that ended a
 * thread or a pool task to an uncaught exception handler, it first calls
 * {@code Tracer.threadDies(thread, e)}; then the handler runs as before; where a Future keeps a
 * task's exception for {@code get()}, it first calls {@code Tracer.keptByFuture(e, which)}. So such an exception is
 * recorded whichever handler gets it (the thread's own, its group's, the default one, or none),
 * and the program's handlers stay exactly what it set.
 *
 * <ul>
 *   <li>{@code java.lang.Thread.dispatchUncaughtException(Throwable)}: the JVM calls it when a
 *   platform thread ends with an exception, {@code VirtualThread.run} when a virtual thread does
 *   (ThreadPoolExecutor workers die this way too).</li>
 *   <li>{@code ForkJoinTask$RunnableExecuteAction}: a task given to {@code ForkJoinPool.execute}
 *   that throws is handed to the worker's handler by the pool itself, and the worker lives on
 *   ({@code trySetException} on JDK 17, {@code onAuxExceptionSet} on JDK 19+; another shape
 *   simply goes unhooked).</li>
 *   <li>{@code FutureTask.setException(Throwable)} and {@code CompletableFuture.completeThrowable(Throwable)}:
 *   a task's exception caught by the JDK and kept for whoever asks the Future.</li>
 * </ul>
 *
 * <p>Two or three instructions and a static call at the start of a method: no frame changes, no
 * class loading ({@code COMPUTE_MAXS} only), the rest of the class copied as it is.
 */
public final class UncaughtDispatchHook {
    private UncaughtDispatchHook() {}

    static final String TRACER = "io/jtrace/runtime/Tracer";

    /** What the added call tells the tracer. */
    private enum Call { THREAD_DIES_SELF, THREAD_DIES_CURRENT, FUTURE_TASK_KEEPS, COMPLETABLE_FUTURE_KEEPS }

    /** A JDK method whose argument 1 is the exception. */
    private static final class Hook {
        final String owner;
        final String name;
        final String desc;
        final Call call;

        Hook(String owner, String name, String desc, Call call) {
            this.owner = owner;
            this.name = name;
            this.desc = desc;
            this.call = call;
        }
    }

    private static final List<Hook> HOOKS = List.of(
            new Hook("java/lang/Thread", "dispatchUncaughtException", "(Ljava/lang/Throwable;)V", Call.THREAD_DIES_SELF),
            new Hook("java/util/concurrent/ForkJoinTask$RunnableExecuteAction", "trySetException", "(Ljava/lang/Throwable;)I",
                    Call.THREAD_DIES_CURRENT),
            new Hook("java/util/concurrent/ForkJoinTask$RunnableExecuteAction", "onAuxExceptionSet", "(Ljava/lang/Throwable;)V",
                    Call.THREAD_DIES_CURRENT),
            // a task's exception that its Future keeps for get(): FutureTask.run catches it and calls this
            new Hook("java/util/concurrent/FutureTask", "setException", "(Ljava/lang/Throwable;)V", Call.FUTURE_TASK_KEEPS),
            // the same for CompletableFuture's async tasks and stages (the one-argument form: a caught exception)
            new Hook("java/util/concurrent/CompletableFuture", "completeThrowable", "(Ljava/lang/Throwable;)Z",
                    Call.COMPLETABLE_FUTURE_KEEPS));

    /** Binary names of the classes hooked (to retransform those already loaded). */
    public static final List<String> CLASSES = List.of("java.lang.Thread", "java.util.concurrent.ForkJoinTask$RunnableExecuteAction",
            "java.util.concurrent.FutureTask", "java.util.concurrent.CompletableFuture");

    public static boolean hooks(String internalName) {
        for (Hook h : HOOKS) if (h.owner.equals(internalName)) return true;
        return false;
    }

    /** The class file with the calls added; null if none of its methods is hooked (then nothing changes). */
    public static byte[] instrument(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        String owner = reader.getClassName();
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean[] found = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                Hook hook = find(owner, name, desc, access);
                if (hook == null) return mv;
                found[0] = true;
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitCode() {
                        super.visitCode();
                        switch (hook.call) {
                            case THREAD_DIES_SELF:
                            case THREAD_DIES_CURRENT:
                                if (hook.call == Call.THREAD_DIES_SELF) {
                                    super.visitVarInsn(Opcodes.ALOAD, 0);
                                } else {
                                    super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", false);
                                }
                                super.visitVarInsn(Opcodes.ALOAD, 1);
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, TRACER, "threadDies",
                                        "(Ljava/lang/Thread;Ljava/lang/Throwable;)V", false);
                                break;
                            default:
                                super.visitVarInsn(Opcodes.ALOAD, 1);
                                super.visitInsn(hook.call == Call.FUTURE_TASK_KEEPS ? Opcodes.ICONST_0 : Opcodes.ICONST_1);
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, TRACER, "keptByFuture", "(Ljava/lang/Throwable;I)V", false);
                        }
                    }
                };
            }
        }, 0);
        return found[0] ? writer.toByteArray() : null;
    }

    private static Hook find(String owner, String name, String desc, int access) {
        if ((access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) return null;
        for (Hook h : HOOKS) {
            if (h.owner.equals(owner) && h.name.equals(name) && h.desc.equals(desc)) return h;
        }
        return null;
    }
}
