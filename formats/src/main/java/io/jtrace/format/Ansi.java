package io.jtrace.format;

/** The few ANSI styles the text writers use; all no-ops when colour is off. */
public final class Ansi {
    private final boolean on;

    public Ansi(boolean on) {
        this.on = on;
    }

    public boolean enabled() {
        return on;
    }

    public String dim(String s) {
        return wrap("2", s);
    }

    public String bold(String s) {
        return wrap("1", s);
    }

    public String red(String s) {
        return wrap("31", s);
    }

    public String yellow(String s) {
        return wrap("33", s);
    }

    public String cyan(String s) {
        return wrap("36", s);
    }

    private String wrap(String code, String s) {
        return on ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
    }
}
