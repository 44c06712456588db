package counter;

/** The 2007 paper's Counter: sums 1..N through a separate add call per step. */
public class Counter {
    static int add(int sum, int i) {
        return sum + i;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long total = 0;
        long start = System.nanoTime();
        for (int r = 0; r < repeat; r++) {
            int sum = 0;
            for (int i = 1; i <= n; i++) sum = add(sum, i);
            total += sum;
        }
        // bench/Harness.java times the calls inside the process (no JVM or JFR start-up in the figure)
        if (Boolean.getBoolean("bench.workNanos")) System.err.println("work-ns " + (System.nanoTime() - start));
        System.out.println("sum(1.." + n + ") x " + repeat + " = " + total);
    }
}
