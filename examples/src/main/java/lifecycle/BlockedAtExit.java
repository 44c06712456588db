package lifecycle;

/**
 * A daemon thread blocked in a traced call while main works for 200 ms and returns: the call is
 * still running when the recording ends, its thread has no record after its enter.
 */
public final class BlockedAtExit {
    public static void main(String[] args) throws InterruptedException {
        Thread sleeper = new Thread(BlockedAtExit::block, "sleeper");
        sleeper.setDaemon(true);
        sleeper.start();
        work();
        System.out.println("main done");
    }

    static void block() {
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void work() throws InterruptedException {
        Thread.sleep(200);
    }
}
