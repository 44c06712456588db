package exceptions;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Threads that die of an exception, each handed to a different uncaught exception handler: none
 * (the JDK prints it), the thread's own, its group's, a pool's (ThreadPoolExecutor and
 * ForkJoinPool workers), a virtual thread's own (JDK 21+), and the default one; and tasks whose
 * exception a Future or a CompletableFuture keeps. One at a time, so the report's order is fixed. Prints what the
 * program itself sees of the default handler, which tracing must not change.
 */
public final class Handlers {
    private Handlers() {}

    static final class Own implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread t, Throwable e) {
            System.out.println("own handler: " + t.getName() + " " + e.getMessage());
        }
    }

    static final class Group extends ThreadGroup {
        Group() {
            super("handling-group");
        }

        @Override
        public void uncaughtException(Thread t, Throwable e) {
            System.out.println("group handler: " + t.getName() + " " + e.getMessage());
        }
    }

    static final class PoolHandler implements Thread.UncaughtExceptionHandler {
        /** Released once the handler has printed: a pool may run its next task (or end) before its dying worker gets here. */
        static final java.util.concurrent.Semaphore HANDLED = new java.util.concurrent.Semaphore(0);

        @Override
        public void uncaughtException(Thread t, Throwable e) {
            System.out.println("pool handler: " + e.getMessage());
            HANDLED.release();
        }
    }

    static final class Default implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread t, Throwable e) {
            System.out.println("default handler: " + t.getName() + " " + e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("default handler at start: " + Thread.getDefaultUncaughtExceptionHandler());
        run(new Thread(() -> fail("nobody handles it"), "no-handler"));

        Thread own = new Thread(() -> fail("its own handler"), "own-handler");
        own.setUncaughtExceptionHandler(new Own());
        run(own);

        run(new Thread(new Group(), () -> fail("its group handles it"), "in-group"));

        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "pool-worker");
            t.setUncaughtExceptionHandler(new PoolHandler());
            return t;
        });
        pool.execute(() -> fail("a pool task"));
        PoolHandler.HANDLED.acquire();
        Future<?> kept = pool.submit(() -> fail("kept by a Future"));
        try {
            kept.get();
        } catch (ExecutionException e) {
            System.out.println("the Future kept: " + e.getCause().getMessage());
        }
        CompletableFuture<Void> async = CompletableFuture.runAsync(() -> fail("kept by a CompletableFuture"), pool);
        try {
            async.join();
        } catch (CompletionException e) {
            System.out.println("the CompletableFuture kept: " + e.getCause().getMessage());
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);

        ForkJoinPool forkJoin = new ForkJoinPool(1, p -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName("fork-join-worker");
            return t;
        }, new PoolHandler(), false);
        forkJoin.execute(() -> fail("a fork/join task"));
        PoolHandler.HANDLED.acquire();
        forkJoin.shutdown();
        forkJoin.awaitTermination(10, TimeUnit.SECONDS);

        virtualThread();

        Thread.setDefaultUncaughtExceptionHandler(new Default());
        System.out.println("default handler now: " + Thread.getDefaultUncaughtExceptionHandler().getClass().getSimpleName());
        run(new Thread(() -> fail("the default handler"), "default-handler"));
    }

    /** On JDK 21+ a virtual thread with its own handler; before that the same on a platform thread. */
    private static void virtualThread() throws ReflectiveOperationException, InterruptedException {
        Thread t;
        if (Runtime.version().feature() < 21) {
            t = new Thread(() -> fail("a virtual thread"), "virtual-worker");
            t.setUncaughtExceptionHandler(new Own());
        } else {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> b = Class.forName("java.lang.Thread$Builder");
            b.getMethod("name", String.class).invoke(builder, "virtual-worker");
            b.getMethod("uncaughtExceptionHandler", Thread.UncaughtExceptionHandler.class).invoke(builder, new Own());
            Method unstarted = b.getMethod("unstarted", Runnable.class);
            t = (Thread) unstarted.invoke(builder, (Runnable) () -> fail("a virtual thread"));
        }
        run(t);
    }

    private static void run(Thread t) throws InterruptedException {
        t.start();
        t.join();
    }

    static void fail(String why) {
        throw new IllegalStateException(why);
    }
}
