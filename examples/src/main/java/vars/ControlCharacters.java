package vars;

/**
 * Text from the program with control characters in it: a thread named with a newline and an ANSI
 * colour sequence, an exception message with a newline and a screen-clearing sequence, string
 * values with C0, C1 and DEL characters, and a thread that dies of an uncaught exception. Every
 * text output of jtrace must keep one event per line and send no escape sequence of its own.
 */
public class ControlCharacters {
    static final String TEXT = "line1\nline2\u001b[31mred\u009b1m\u007fend";

    static int parse(String s) {
        throw new IllegalArgumentException("bad\ninput\u001b[2J" + s.length());
    }

    static int work(String s) {
        StringBuilder box = new StringBuilder(s); // a reference: with --values tostring, its text
        try {
            return parse(box.toString());
        } catch (IllegalArgumentException e) {
            return e.getMessage().length();
        }
    }

    static void die() {
        throw new IllegalStateException("died\r\u001b[Kquietly");
    }

    public static void main(String[] args) throws Exception {
        int[] result = new int[1];
        Thread weird = new Thread(() -> result[0] = work(TEXT), "weird\nname\u001b[31m");
        weird.start();
        weird.join();
        Thread dying = new Thread(ControlCharacters::die, "dies\t\u0007now");
        dying.start();
        dying.join();
        System.out.println("message length " + result[0]);
    }
}
