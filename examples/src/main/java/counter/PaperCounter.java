package counter;

/**
 * The Counter of Pócza, Biczó and Porkoláb (2007) as the paper describes it: sums 1..N (10000)
 * through a separate add call per step and prints a dot at each step. bench/vars.sh times it.
 */
public class PaperCounter {
    static int add(int sum, int i) {
        return sum + i;
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10000;
        int sum = 0;
        for (int i = 1; i <= n; i++) {
            sum = add(sum, i);
            System.out.print(".");
        }
        System.out.println();
        System.out.println("sum(1.." + n + ") = " + sum);
        // bench/vars.sh times the program itself too, without JVM and jtrace start-up.
        if (Boolean.getBoolean("counter.timing")) System.err.println("elapsed_ns=" + (System.nanoTime() - start));
    }
}
