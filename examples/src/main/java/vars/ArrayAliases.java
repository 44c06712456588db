package vars;

/**
 * One array reached several ways: by its variable, by a compound assignment ({@code ar[2] += ar[1]}
 * loads and stores through a {@code dup2} copy of the array reference), by its initializer (stored
 * before the array has a name; {@code aastore} types the elements Object, {@code bastore} a
 * boolean array's as byte) and through a call's result; and a secret array changed by a compound
 * assignment, which must stay redacted.
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
        char[] password = (args.length > 0 ? args[0] : "hunter2").toCharArray();
        password[0] ^= 0x20; // @password-xor (a secret: redacted even through the dup2)
        System.out.println(ar[0] + " " + ar[2] + " " + ss[0] + " " + flags[1] + " " + password.length);
    }
}
