package vars;

import java.util.Arrays;

/**
 * A program whose variable history is known exactly, for {@code jtrace run --vars vars.**}:
 * a loop accumulator, a parameter swap, array stores, a long/double pair, one slot reused by
 * two differently named locals, static and instance fields (one counter updated from two
 * threads), and secrets. The end-to-end tests find the line of each access by its "// @" marker.
 */
public class History {
    static int calls;
    int count;

    static int accumulate(int n) {
        calls++; // @calls
        int acc = 0; // @acc-init
        for (int k = 1; k <= n; k++) { // @loop
            acc += k; // @acc-add
        }
        return acc; // @acc-return
    }

    static String swap(int a, int b) {
        int t = a; // @swap-t
        a = b; // @swap-a
        b = t; // @swap-b
        return a + "," + b; // @swap-return
    }

    static int[] squares(int n) {
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = i * i; // @squares
        return values;
    }

    static double wide(long big, double ratio) {
        long scaled = big * 2; // @wide-long
        double result = scaled * ratio; // @wide-double
        return result;
    }

    static int reuse() {
        int total = 0;
        {
            int first = 7; // @reuse-first
            total += first;
        }
        {
            int second = 8; // @reuse-second
            total += second;
        }
        return total;
    }

    synchronized void increment() {
        count = count + 1; // @increment
    }

    static boolean login(String user, String password) {
        String token = password + "!"; // @token
        return token.length() > user.length();
    }

    public static void main(String[] args) throws InterruptedException {
        int perThread = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        System.out.println("accumulate(4) = " + accumulate(4));
        System.out.println("swap(1, 2) = " + swap(1, 2));
        System.out.println("squares(4) = " + Arrays.toString(squares(4)));
        System.out.println("wide = " + wide(3_000_000_000L, 0.5));
        System.out.println("reuse = " + reuse());
        History shared = new History();
        Runnable adder = () -> {
            for (int j = 0; j < perThread; j++) shared.increment();
        };
        Thread one = new Thread(adder, "adder-1");
        Thread two = new Thread(adder, "adder-2");
        one.start();
        two.start();
        one.join();
        two.join();
        System.out.println("count = " + shared.count);
        System.out.println("login = " + login("ann", "hunter2"));
        calls += 10; // @calls-main
        System.out.println("calls = " + calls);
    }
}
