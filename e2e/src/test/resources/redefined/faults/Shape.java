package faults;

/** The second version of examples' faults.Shape, compiled by RedefinitionTest: the same methods, other bodies. */
public final class Shape {
    private Shape() {}

    static int sides() {
        return 4;
    }

    public static long total(int rounds) {
        long t = 0;
        for (int i = 0; i < rounds; i++) {
            t += sides();
            try {
                if (i == 0) throw new IllegalStateException("first round");
                t += sides();
            } catch (IllegalStateException e) {
                t -= 1;
            }
        }
        return t;
    }
}
