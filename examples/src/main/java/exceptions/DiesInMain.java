package exceptions;

/** The main thread dies of an exception thrown two frames down: exit code 1 and the JDK's message. */
public final class DiesInMain {
    private DiesInMain() {}

    public static void main(String[] args) {
        System.out.println("about to fail");
        check(args.length);
    }

    static void check(int count) {
        if (count == 0) fail();
    }

    static void fail() {
        throw new IllegalStateException("main gives up");
    }
}
