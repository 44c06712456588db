package sampler;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/** Runs tasks on virtual threads where the JDK has them (21+), platform threads otherwise. */
public final class VirtualThreads {
    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        AtomicLong sum = new AtomicLong();
        ExecutorService pool = executor();
        Future<?>[] futures = new Future<?>[tasks];
        for (int i = 0; i < tasks; i++) {
            int n = i;
            futures[i] = pool.submit(() -> sum.addAndGet(work(n)));
        }
        for (Future<?> f : futures) f.get();
        pool.shutdown();
        System.out.println("sum = " + sum.get());
    }

    static long work(int n) {
        long s = 0;
        for (int i = 0; i <= n; i++) s += step(i);
        return s;
    }

    static long step(int i) {
        return (long) i * i;
    }

    private static ExecutorService executor() throws Exception {
        try {
            Method m = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
            return (ExecutorService) m.invoke(null);
        } catch (NoSuchMethodException e) {
            return Executors.newFixedThreadPool(4);
        }
    }
}
