package failures;

import java.util.ArrayList;
import java.util.List;

/**
 * Fills the heap (run it with a small -Xmx) until an OutOfMemoryError, catches it, frees the
 * memory and goes on. Everything printed after the error is prepared before it: no class has to
 * load while the heap is full.
 */
public final class HeapExhaustion {
    static List<long[]> kept = new ArrayList<>();

    static void grab() {
        kept.add(new long[100_000]);
    }

    static int square(int x) {
        return x * x;
    }

    public static void main(String[] args) {
        String caught = "caught the OutOfMemoryError";
        System.out.println(square(2));
        try {
            while (true) grab();
        } catch (OutOfMemoryError e) {
            kept = null;
            System.out.println(caught);
        }
        System.out.println(square(5));
    }
}
