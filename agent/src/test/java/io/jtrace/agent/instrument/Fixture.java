package io.jtrace.agent.instrument;

/** Field, array and constructor shapes the variable probe must handle (see VariableProbeTest). */
public class Fixture {
    long total;
    double ratio;
    int[] ints = new int[3];
    long[] longs = new long[2];
    double[] doubles = new double[2];
    Object[] objects = new Object[2];
    static float scale;
    static char[] secretChars = {'q'};

    /** An inner class: javac writes this$0 before super() returns. */
    class Inner {
        final int v;

        Inner(int v) {
            this.v = v;
        }

        int outerTotal() {
            return (int) total + v;
        }
    }

    public long exercise(int n) {
        Inner inner = new Inner(n);
        total += n;
        ratio = total / 2.0;
        ints[1] = n;
        longs[1] = total;
        doubles[0] = ratio;
        objects[0] = "s";
        objects[1] = null;
        scale = 1.5f;
        char c = secretChars[0];
        long sum = ints[1] + longs[1] + (long) doubles[0] + inner.outerTotal() + (objects[0] == null ? 0 : 1) + (long) scale + c;
        try {
            int[] small = new int[1];
            small[2] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            sum++;
        }
        for (String s : new String[] {"a", "bb"}) sum += s.length();
        return sum;
    }
}
