package workloads;

/**
 * Benchmark workload: N throw/catch pairs, each thrown three frames down and caught at the top
 * (default one million). Prints only a checksum, so traced and plain runs print the same.
 * Run it plain and under jtrace and compare wall-clock times (bench/exception-storm.sh; figures in bench/README.md).
 */
public final class ExceptionStorm {
    private ExceptionStorm() {}

    static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        long caught = 0;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            try {
                sum += level1(i);
            } catch (Failure f) {
                caught++;
                sum += f.getMessage().length();
            }
        }
        System.out.println("caught " + caught + " of " + n + ", checksum " + sum);
    }

    static int level1(int i) throws Failure {
        return level2(i) + 1;
    }

    static int level2(int i) throws Failure {
        return level3(i) + 1;
    }

    static int level3(int i) throws Failure {
        if (i >= 0) throw new Failure("failure " + (i & 7));
        return i;
    }
}
