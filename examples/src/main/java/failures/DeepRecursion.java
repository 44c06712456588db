package failures;

/**
 * Recurses until the stack overflows, catches the StackOverflowError (through a finally block
 * in every frame), then goes on with ordinary calls. Traced, the tracer itself runs out of stack
 * at the deepest frames: the recording must stay readable, the calls after the catch must sit
 * under main, and the program must print exactly what it prints untraced.
 */
public final class DeepRecursion {
    static int depth;
    static int deepest;

    static void down() {
        depth++;
        deepest = Math.max(deepest, depth);
        try {
            down();
        } finally {
            depth--;
        }
    }

    static int square(int x) {
        return x * x;
    }

    static void work() {
        System.out.println(square(3));
        try {
            down();
        } catch (StackOverflowError e) {
            System.out.println("overflowed after more than 500 frames: " + (deepest > 500));
        }
        System.out.println(square(4));
    }

    /** On a thread with a small stack, so that the recursion (and its trace) stays a few thousand frames deep. */
    public static void main(String[] args) throws InterruptedException {
        Thread deep = new Thread(null, DeepRecursion::work, "deep", 512 * 1024);
        deep.start();
        deep.join();
    }
}
