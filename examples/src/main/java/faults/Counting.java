package faults;

/**
 * Makes traced calls, printing how many it has made so far after every {@code args[1]} (default
 * 10,000; flushed, so the count survives a SIGKILL), pausing {@code args[2]} ms (default 0) after
 * each such line, for {@code args[0]} ms (default, or 0: until killed) or until the file
 * {@code args[3]} exists, if given (looked for after each line); then prints the total.
 * The fault tests compare the calls a recording holds with the count the program printed last.
 */
public final class Counting {
    private Counting() {}

    public static void main(String[] args) throws InterruptedException {
        long millis = args.length > 0 ? Long.parseLong(args[0]) : 0;
        int perLine = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        long pause = args.length > 2 ? Long.parseLong(args[2]) : 0;
        java.nio.file.Path stop = args.length > 3 ? java.nio.file.Paths.get(args[3]) : null;
        long end = millis > 0 ? System.nanoTime() + millis * 1_000_000 : Long.MAX_VALUE;
        long made = 0;
        long sum = 0;
        while (millis == 0 || System.nanoTime() < end) {
            for (int i = 0; i < perLine; i++) sum += step(i);
            made += perLine;
            System.out.println("made " + made);
            System.out.flush();
            if (pause > 0) Thread.sleep(pause);
            if (stop != null && java.nio.file.Files.exists(stop)) break;
        }
        System.out.println("done " + made + " " + (sum != 0));
    }

    static int step(int i) {
        return i & 7;
    }
}
