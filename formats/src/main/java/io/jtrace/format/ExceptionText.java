package io.jtrace.format;

import io.jtrace.model.ExceptionRef;
import io.jtrace.text.ObjectIds;
import io.jtrace.text.Printable;

/** How exceptions are named in text output, shared by the trace and the exception report. */
public final class ExceptionText {
    private ExceptionText() {}

    /** {@code java.lang.IllegalStateException}, with {@code @1b6d3586} (its identity hash, as Object.toString shows it) if asked. */
    public static String name(ExceptionRef e, boolean identity) {
        return name(e, identity ? ObjectIds.HASHES : null);
    }

    /** {@link #name(ExceptionRef, boolean)} with the exception named by {@code ids} (null: by its type alone). */
    public static String name(ExceptionRef e, ObjectIds ids) {
        String type = e == null || e.type() == null ? "(unknown exception)" : Printable.text(e.type());
        return ids != null && e != null && e.identity() != 0 ? type + ids.suffix(e.identity()) : type;
    }

    /** {@code name: message} like Throwable.toString, the message on one line. */
    public static String withMessage(ExceptionRef e, String message, boolean identity) {
        return withMessage(e, message, identity ? ObjectIds.HASHES : null);
    }

    public static String withMessage(ExceptionRef e, String message, ObjectIds ids) {
        return message == null ? name(e, ids) : name(e, ids) + ": " + oneLine(message);
    }

    /**
     * Escapes backslashes and control characters ({@link Printable}) so that one message stays on
     * one output line and cannot send terminal escape sequences.
     */
    public static String oneLine(String s) {
        if (s == null) return null;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') b.append("\\\\");
            else Printable.append(b, c);
        }
        return b.toString();
    }
}
