package io.jtrace.text;

/**
 * Makes text from the traced program (thread names, exception messages, string values) safe to
 * print on one line of a terminal: control characters are shown as escapes instead of moving the
 * cursor, breaking the line or switching colours. Newline, carriage return and tab are shown as
 * backslash-n, -r and -t; ESC, every other C0 control, DEL, the C1 controls (U+0080-U+009F, which
 * some terminals obey like ESC sequences) and the line and paragraph separators U+2028/U+2029 as a
 * Java unicode escape (backslash, 'u', four hex digits: ESC is backslash-u001b). Everything else,
 * backslashes included, is left as it is. JSON and CSV exports escape by their own rules and do
 * not use this.
 */
public final class Printable {
    private Printable() {}

    /** {@code s} with its control characters escaped; {@code s} itself if it has none (or is null). */
    public static String text(String s) {
        if (s == null) return null;
        int i = 0;
        while (i < s.length() && !isControl(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (; i < s.length(); i++) append(b, s.charAt(i));
        return b.toString();
    }

    /** Appends {@code c}, escaped if it is a control character. */
    public static void append(StringBuilder b, char c) {
        if (!isControl(c)) {
            b.append(c);
            return;
        }
        switch (c) {
            case '\n': b.append("\\n"); break;
            case '\r': b.append("\\r"); break;
            case '\t': b.append("\\t"); break;
            default: b.append(String.format("\\u%04x", (int) c));
        }
    }

    /** C0 controls, DEL, C1 controls and the Unicode line/paragraph separators. */
    /** {@code s} right-aligned in {@code width} columns (as it is if longer). */
    public static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    public static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
    }
}
