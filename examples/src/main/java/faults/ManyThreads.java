package faults;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code args[0]} platform threads, then {@code args[1]} virtual threads where the JDK has them
 * (21+), all started together, each making a few traced calls; prints the sum.
 */
public final class ManyThreads {
    private ManyThreads() {}

    public static void main(String[] args) throws Exception {
        int platform = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int virtual = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        AtomicLong sum = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < platform; i++) {
            int n = i;
            threads.add(new Thread(() -> sum.addAndGet(task(n)), "platform-" + i));
        }
        if (Runtime.version().feature() >= 21) {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            java.lang.reflect.Method unstarted = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
            for (int i = 0; i < virtual; i++) {
                int n = i;
                threads.add((Thread) unstarted.invoke(builder, (Runnable) () -> sum.addAndGet(task(n))));
            }
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        System.out.println(threads.size() + " threads, sum " + sum.get());
    }

    static long task(int n) {
        return step(n) + step(n + 1);
    }

    static long step(int i) {
        return i % 3;
    }
}
