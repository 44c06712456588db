package lifecycle;

/** Dies of an exception that leaves main: two traced frames are left by it. */
public final class Uncaught {
    public static void main(String[] args) {
        System.out.println("about to fail");
        fail("no luck");
    }

    static void fail(String why) {
        throw new IllegalStateException(why);
    }
}
