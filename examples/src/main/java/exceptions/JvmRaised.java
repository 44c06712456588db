package exceptions;

/** Exceptions the JVM raises itself, without an athrow: NullPointerException, ArithmeticException. */
final class JvmRaised {
    private JvmRaised() {}

    static int length(String s) {
        return s.length();
    }

    static int divide(int a, int b) {
        return a / b;
    }
}
