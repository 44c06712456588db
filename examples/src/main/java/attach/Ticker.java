package attach;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * A program that runs for a while, for jtrace attach and --live: prints one line per tick
 * (the same lines however it is traced), and, given a state file, writes there after each tick
 * whether its own code is instrumented right now (see {@link #probe}).
 *
 * <p>Usage: {@code attach.Ticker TICKS [PERIOD_MS] [STATE_FILE]}. Given a state file, it also
 * stops early, after the tick at which a file named like it plus {@code .stop} exists: a test
 * tells it when it has done what it needed, instead of sizing the run in seconds.
 */
public final class Ticker {
    private Ticker() {}

    public static void main(String[] args) throws Exception {
        int ticks = Integer.parseInt(args[0]);
        long period = args.length > 1 ? Long.parseLong(args[1]) : 100;
        Path state = args.length > 2 ? Paths.get(args[2]) : null;
        Path stop = state == null ? null : Paths.get(state + ".stop");
        Thread helper = new Thread(Ticker::help, "helper");
        helper.setDaemon(true);
        helper.start();
        long sum = 0;
        for (int i = 1; i <= ticks; i++) {
            sum += step(i);
            System.out.println("tick " + i + " sum " + sum);
            if (state != null) {
                Path tmp = Paths.get(state + ".tmp");
                Files.writeString(tmp, "tick " + i + " bci " + probe() + "\n");
                Files.move(tmp, state, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                if (Files.exists(stop)) break;
            }
            Thread.sleep(period);
        }
        System.out.println("done " + sum);
    }

    static long step(int i) {
        long s = 0;
        for (int k = 0; k < 3; k++) s += square(i + k);
        return s;
    }

    static long square(long x) {
        return x * x;
    }

    /** Calls on a second thread, so that a trace has more than one. */
    private static void help() {
        long n = 0;
        while (true) {
            n += square(n % 7);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The bytecode index in this method of its first call: 0 in the original code; past 0 while
     * jtrace's probes run before it (this class is instrumented), so the program sees for itself
     * whether detach gave the JVM its original code back.
     */
    static int probe() {
        return callerBci();
    }

    private static int callerBci() {
        return StackWalker.getInstance().walk(s -> s.skip(1).findFirst()).map(StackWalker.StackFrame::getByteCodeIndex).orElse(-1);
    }
}
