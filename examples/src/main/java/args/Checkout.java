package args;

import java.util.Arrays;
import java.util.List;

/**
 * A program whose calls' arguments and return values are known exactly, for
 * {@code jtrace run --args 'args.**'}: primitives (int, long, float, double, char, boolean),
 * strings (one longer than a short {@code --string-length}) and null, an array, objects, a
 * parameter named {@code password} (redacted), an exceptional exit, a constructor, varargs and
 * generic methods. It prints the same every run; the end-to-end tests compare its trace with
 * golden files.
 */
public class Checkout {
    public static void main(String[] args) {
        Cart cart = new Cart("alice", 3);
        cart.add("apple", 2, 0.5, 10f);
        cart.add("pear", 1, 0.75, 0f);
        long cents = cart.totalCents();
        boolean paid = pay(cart, cents, 'C', "hunter2");
        String note = label(null, 1_000_000_000_000L);
        String receipt = receipt("thank you for shopping with us today");
        int sum = sum(1, 2, 3);
        int[] lengths = lengths(new String[] {"a", "bb", "ccc"});
        String first = firstOf(List.of("x", "y"));
        Integer larger = larger(7, 9);
        String removed;
        try {
            removed = String.valueOf(cart.remove("banana"));
        } catch (IllegalArgumentException e) {
            removed = e.getMessage();
        }
        System.out.println("cents " + cents + ", paid " + paid + ", " + note + ", " + receipt.length() + ", sum " + sum
                + ", lengths " + Arrays.toString(lengths) + ", first " + first + ", larger " + larger + ", " + removed);
    }

    /** A static method: an object, a long, a char and a secret (its value never reaches the recording). */
    static boolean pay(Cart cart, long cents, char method, String password) {
        return cents > 0 && method == 'C' && password.length() > 4 && cart.owner() != null;
    }

    static String label(String name, long id) {
        return (name == null ? "anonymous" : name) + " #" + id;
    }

    static String receipt(String text) {
        return text.toUpperCase(java.util.Locale.ROOT);
    }

    /** Varargs: the arguments arrive as one int[]. */
    static int sum(int... values) {
        int s = 0;
        for (int v : values) s += v;
        return s;
    }

    static int[] lengths(String[] words) {
        int[] n = new int[words.length];
        for (int i = 0; i < words.length; i++) n[i] = words[i].length();
        return n;
    }

    /** Generic: declared (erased) as List and Object, the runtime types show in the values. */
    static <T> T firstOf(List<T> items) {
        return items.get(0);
    }

    static <T extends Comparable<T>> T larger(T a, T b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
