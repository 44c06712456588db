package lifecycle;

/**
 * Makes 101 traced calls on a worker thread that ends (so its records are written), waits
 * (default 3 s, long enough for JFR to flush them to its repository), then calls
 * Runtime.halt(9): no shutdown hook runs, so the JVM never writes its recording.
 */
public final class Halt {
    public static void main(String[] args) throws Exception {
        Thread worker = new Thread(() -> {
            long sum = 0;
            for (int i = 0; i < 101; i++) sum += step(i);
            System.out.println("worker sum " + sum);
        }, "worker");
        worker.start();
        worker.join();
        Thread.sleep(args.length > 0 ? Long.parseLong(args[0]) : 3000);
        System.out.println("halting");
        System.out.flush();
        Runtime.getRuntime().halt(9);
    }

    static long step(int i) {
        return (long) i * i;
    }
}
