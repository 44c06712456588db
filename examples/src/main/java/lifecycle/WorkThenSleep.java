package lifecycle;

/**
 * Traces some calls on a worker thread that ends (so its records are written), then sleeps
 * inside a traced method until it is stopped: for signal and kill tests. Prints "ready" once the
 * worker is done.
 */
public final class WorkThenSleep {
    public static void main(String[] args) throws Exception {
        Thread worker = new Thread(() -> {
            long sum = 0;
            for (int i = 0; i < 1000; i++) sum += step(i);
            System.out.println("worker sum " + sum);
        }, "worker");
        worker.start();
        worker.join();
        System.out.println("ready");
        System.out.flush();
        sleep(args.length > 0 ? Long.parseLong(args[0]) : 60_000);
        System.out.println("woke up");
    }

    static long step(int i) {
        return (long) i * i;
    }

    static void sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}
