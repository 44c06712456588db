package faults;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code args[0]} threads (default 4) each making traced calls for {@code args[1]} ms (default
 * 2000), as fast as they can or at most {@code args[2]} calls a millisecond each (0, the default:
 * no cap); prints "started" once they all run, then how many calls they made in all. The data
 * loss test drives JFR's buffers past what its recorder thread can take with it: a stalled
 * recorder thread loses batches whatever the rate, and a capped rate keeps the recording small
 * enough for every reading command to read it in the test's time.
 */
public final class Flood {
    private Flood() {}

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 2000;
        long perMilli = args.length > 2 ? Long.parseLong(args[2]) : 0;
        long start = System.nanoTime();
        long end = start + millis * 1_000_000;
        long[] made = new long[threads];
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int n = t;
            Thread thread = new Thread(() -> made[n] = work(start, end, perMilli), "flood-" + t);
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

    static long work(long start, long end, long perMilli) {
        long calls = 0;
        long sum = 0;
        long now;
        while ((now = System.nanoTime()) < end) {
            for (int i = 0; i < 1000; i++) sum += step(i);
            calls += 1000;
            if (perMilli > 0) {
                long due = start + calls * 1_000_000 / perMilli; // when these calls are due at the capped rate
                if (due > now) LockSupport.parkNanos(due - now);
            }
        }
        return sum >= 0 ? calls : -1;
    }

    static int step(int i) {
        return i & 7;
    }
}
