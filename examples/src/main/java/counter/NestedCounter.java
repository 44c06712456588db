package counter;

/**
 * Counter with one more level: each step calls a one-line helper. Once the tracer stops timing the
 * helper (shorter than the clock), the step, which only calls it, is short too and follows.
 */
public class NestedCounter {
    static int add(int sum, int i) {
        return sum + i;
    }

    static int step(int sum, int i) {
        return add(sum, i);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long total = 0;
        for (int r = 0; r < repeat; r++) {
            int sum = 0;
            for (int i = 1; i <= n; i++) sum = step(sum, i);
            total += sum;
        }
        System.out.println("sum(1.." + n + ") x " + repeat + " = " + total);
    }
}
