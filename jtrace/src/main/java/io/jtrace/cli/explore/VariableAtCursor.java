package io.jtrace.cli.explore;

import io.jtrace.history.EventView;
import io.jtrace.history.HistoryCursor;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableIdentity;
import io.jtrace.pattern.Glob;
import io.jtrace.text.VariableText;

import java.util.regex.Pattern;

/**
 * The variable a name means at the cursor: the access at the cursor if it is one of that name;
 * else the cursor frame's last access of it before the cursor; else (at an enter or inside the
 * frame) its first access after the cursor in that call. A local or parameter comes with the
 * bounds of its frame instance, so that a recursive call's own local of the same name is another
 * variable.
 */
record VariableAtCursor(VariableAccess access, VariableIdentity identity, Search.FrameBounds frame) {

    /** Whether a name glob names this access: its target ({@code values[2]}, {@code Tally.total}) or its site's own name ({@code values[]}). */
    static boolean named(Pattern name, VariableAccess v) {
        return name.matcher(VariableText.target(v)).matches() || name.matcher(v.variable().name()).matches();
    }

    /** The variable {@code glob} names at the cursor, or null if the cursor's frame has no access of that name. */
    static VariableAtCursor find(ExploreSession s, String glob) {
        Pattern name = Glob.compile(glob);
        HistoryCursor c = s.cursor();
        ThreadHistory h = c.history();
        ThreadHistory.Frame frame = c.frame();
        EventView.Kind kind = HistoryCursor.kind(c.event());
        int level = c.frameDepth() + 1;
        long enter = frame == null ? 0 : kind == EventView.Kind.ENTER || kind == EventView.Kind.CALL ? c.number() : Math.max(0, c.rfinishTarget());
        long exit = frame == null || kind == EventView.Kind.EXIT || kind == EventView.Kind.CALL ? -1 : c.finishTarget();
        long frameEnd = exit < 0 ? Long.MAX_VALUE : exit;
        VariableAccess found = null;
        if (c.event() instanceof VariableAccess v && named(name, v)) found = v;
        if (found == null && frame != null) found = access(h, h.findBackward(c.number(), enter, level, e -> atLevel(e, level, name)));
        if (found == null && frame != null && exit != -1) found = access(h, h.findForward(c.number(), frameEnd, level, e -> atLevel(e, level, name)));
        if (found == null) return null;
        // an array site's own name (values[], as Tab offers it) means the whole array; values[2] one element
        VariableIdentity identity = found.variable().kind() == io.jtrace.model.VariableKind.ARRAY
                && !name.matcher(VariableText.target(found)).matches() ? VariableIdentity.wholeArray(found) : VariableIdentity.of(found);
        if (!identity.frameLocal()) return new VariableAtCursor(found, identity, null);
        // the cursor's own access may be a callee's local only when the cursor is on it: its frame is the innermost
        return new VariableAtCursor(found, identity, new Search.FrameBounds(s.thread(), enter, frameEnd, level));
    }

    /** The variable in words: {@code balance of bank.Account@21282ed8}, {@code threads[] (every element) of Thread[]@1b6d3586}. */
    String describe() {
        if (identity.kind() == io.jtrace.model.VariableKind.ARRAY && identity.index() < 0) {
            return VariableText.arrayName(access.variable()) + "[] (every element) of " + access.variable().typeName() + "[]@"
                    + VariableText.identity(access.array());
        }
        return VariableText.variable(access);
    }

    private static boolean atLevel(EventView e, int level, Pattern name) {
        return e.level() == level && e.other() instanceof VariableAccess v && named(name, v);
    }

    private static VariableAccess access(ThreadHistory h, long n) {
        return n < 0 ? null : (VariableAccess) h.at(n).event();
    }
}
