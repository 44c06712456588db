package io.jtrace.format;

import org.fusesource.jansi.Ansi.Attribute;
import org.fusesource.jansi.Ansi.Color;

import java.util.function.UnaryOperator;

/** The few styles the text writers use, written by Jansi; all no-ops when colour is off. */
public final class Ansi {
    private final boolean on;

    public Ansi(boolean on) {
        this.on = on;
    }

    public boolean enabled() {
        return on;
    }

    public String dim(String s) {
        return style(a -> a.a(Attribute.INTENSITY_FAINT), s);
    }

    public String bold(String s) {
        return style(a -> a.a(Attribute.INTENSITY_BOLD), s);
    }

    public String red(String s) {
        return style(a -> a.fg(Color.RED), s);
    }

    public String yellow(String s) {
        return style(a -> a.fg(Color.YELLOW), s);
    }

    public String cyan(String s) {
        return style(a -> a.fg(Color.CYAN), s);
    }

    public String green(String s) {
        return style(a -> a.fg(Color.GREEN), s);
    }

    private String style(UnaryOperator<org.fusesource.jansi.Ansi> start, String s) {
        if (!on) return s;
        return start.apply(new org.fusesource.jansi.Ansi(s.length() + 12)).a(s).reset().toString();
    }
}
