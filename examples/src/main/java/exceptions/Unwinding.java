package exceptions;

/** An exception thrown three frames down that runs a finally block in each frame on its way up. */
final class Unwinding {
    private Unwinding() {}

    static int finallies;

    static void level1() {
        try {
            level2();
        } finally {
            finallies++;
        }
    }

    static void level2() {
        try {
            level3();
        } finally {
            finallies++;
        }
    }

    static void level3() {
        try {
            throw new IllegalArgumentException("three frames down");
        } finally {
            finallies++;
        }
    }
}
