package diverge;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Two runs of one program with planted differences, for {@code jtrace diff}: each argument changes
 * one thing, so that a test knows exactly where the runs part ways.
 * <ol>
 * <li>{@code expressAt}: the loop iteration at which a branch deep in the loop goes the other way (-1: never);</li>
 * <li>{@code factor}: an argument value passed to {@link #price};</li>
 * <li>{@code failAt}: the iteration whose check throws an extra exception, caught (-1: none);</li>
 * <li>{@code poolsBefore}: executors created (and shut down) before the worker pool, which shifts
 * its thread's name ({@code pool-N-thread-1}) but nothing it does.</li>
 * </ol>
 */
public final class Orders {
    private Orders() {}

    /** Read from the arguments, not passed down: only the planted call shows the difference. */
    static int expressAt;
    static int failAt;

    public static void main(String[] args) throws Exception {
        expressAt = Integer.parseInt(args[0]);
        int factor = Integer.parseInt(args[1]);
        failAt = Integer.parseInt(args[2]);
        int poolsBefore = Integer.parseInt(args[3]);
        long total = 0;
        for (int i = 0; i < 40; i++) total += process(i);
        total += price(7, factor);
        for (int p = 0; p < poolsBefore; p++) Executors.newSingleThreadExecutor().shutdown(); // numbers a pool
        ExecutorService pool = Executors.newFixedThreadPool(1);
        long[] packed = new long[1];
        pool.submit(() -> packed[0] = pack(12)).get();
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        System.out.println("total " + total + ", packed " + packed[0]);
    }

    static long process(int order) {
        try {
            check(order);
        } catch (IllegalStateException e) {
            return 0;
        }
        return validate(order);
    }

    static void check(int order) {
        if (order == failAt) throw new IllegalStateException("order " + order + " failed its check");
    }

    static long validate(int order) {
        return route(order) + 1;
    }

    static long route(int order) {
        return order == expressAt ? express(order) : standard(order);
    }

    static long express(int order) {
        return order * 3L;
    }

    static long standard(int order) {
        return order * 2L;
    }

    static long price(int quantity, int factor) {
        return (long) quantity * factor;
    }

    static long pack(int items) {
        long boxes = 0;
        for (int i = 0; i < items; i++) boxes += box(i);
        return boxes;
    }

    static long box(int item) {
        return item % 4 == 0 ? 1 : 0;
    }
}
