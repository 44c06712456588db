package vars;

/**
 * One array reached in ways the bytecode does not name: a compound assignment ({@code ar[2] += ar[1]}
 * duplicates the array reference, so its load and store are unnamed), array initializers (stored
 * before the array has a name; a reference array's stores are typed Object), and a call's result.
 * {@code jtrace vars} must still show each array's elements in one section, named after its
 * variable, with its declared element type.
 */
public class ArrayAliases {
    static int[] same(int[] a) {
        return a;
    }

    public static void main(String[] args) {
        int[] ar = {1, 2, 3}; // @ar-init
        ar[2] += ar[1]; // @ar-add
        same(ar)[0] = 7; // @ar-call
        String[] ss = {"a"}; // @ss-init
        ss[0] = ss[0] + "b"; // @ss-concat
        boolean[] flags = {true, false}; // @flags-init
        flags[1] |= flags[0]; // @flags-or
        System.out.println(ar[0] + " " + ar[2] + " " + ss[0] + " " + flags[1]);
    }
}
