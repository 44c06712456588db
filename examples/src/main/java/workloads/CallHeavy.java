package workloads;

/**
 * A call-heavy workload for the benchmark: many small methods (virtual calls on a little
 * expression tree, getters), recursion, and object allocation. Prints one checksum.
 */
public final class CallHeavy {
    interface Expr {
        long eval(long x);
    }

    record Const(long value) implements Expr {
        public long eval(long x) {
            return value;
        }
    }

    record Var() implements Expr {
        public long eval(long x) {
            return x;
        }
    }

    record Add(Expr left, Expr right) implements Expr {
        public long eval(long x) {
            return left.eval(x) + right.eval(x);
        }
    }

    record Mul(Expr left, Expr right) implements Expr {
        public long eval(long x) {
            return left.eval(x) * right.eval(x);
        }
    }

    static final class Counter {
        private long count;

        void increment() {
            count++;
        }

        long get() {
            return count;
        }
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static Expr polynomial() {
        // 3x^2 + 2x + 1
        return new Add(new Add(new Mul(new Const(3), new Mul(new Var(), new Var())), new Mul(new Const(2), new Var())), new Const(1));
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        long checksum = 0;
        long start = System.nanoTime();
        Counter counter = new Counter();
        for (int r = 0; r < rounds; r++) {
            Expr e = polynomial();
            checksum += e.eval(r % 100);
            checksum += fib(10);
            counter.increment();
        }
        // bench/Harness.java times the calls inside the process (no JVM or JFR start-up in the figure)
        if (Boolean.getBoolean("bench.workNanos")) System.err.println("work-ns " + (System.nanoTime() - start));
        System.out.println("checksum " + checksum + " rounds " + counter.get());
    }
}
