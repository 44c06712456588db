package faults;

/**
 * The class {@link Redefining} redefines while it runs. Its second version (same methods, other
 * bodies) is e2e/src/test/resources/redefined/faults/Shape.java: {@code sides()} answers 4, and
 * {@code total} calls it twice per round and throws and catches once.
 */
public final class Shape {
    private Shape() {}

    static int sides() {
        return 3;
    }

    /** {@code sides()} summed over {@code rounds} rounds. */
    public static long total(int rounds) {
        long t = 0;
        for (int i = 0; i < rounds; i++) t += sides();
        return t;
    }
}
