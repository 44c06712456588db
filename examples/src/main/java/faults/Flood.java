package faults;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code args[0]} threads (default 4) each making traced calls as fast as they can for
 * {@code args[1]} ms (default 2000); prints "started" once they all run, then how many calls they
 * made in all. The data loss test drives JFR's buffers past what its recorder thread can take
 * with it.
 */
public final class Flood {
    private Flood() {}

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 2000;
        long end = System.nanoTime() + millis * 1_000_000;
        long[] made = new long[threads];
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int n = t;
            Thread thread = new Thread(() -> made[n] = work(end), "flood-" + t);
            started.add(thread);
            thread.start();
        }
        System.out.println("started " + threads + " threads");
        System.out.flush();
        long total = 0;
        for (int t = 0; t < threads; t++) {
            started.get(t).join();
            total += made[t];
        }
        System.out.println("made " + total + " calls in " + threads + " threads");
    }

    static long work(long end) {
        long calls = 0;
        long sum = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) sum += step(i);
            calls += 1000;
        }
        return sum >= 0 ? calls : -1;
    }

    static int step(int i) {
        return i & 7;
    }
}
