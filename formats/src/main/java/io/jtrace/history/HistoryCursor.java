package io.jtrace.history;

import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.TraceEvent;

/**
 * A position on one event of a {@link ThreadHistory} and the moves of a debugger over it, forward
 * and backward. Moves go by level ({@link EventView#level()}): the events directly inside a frame
 * at depth d have level d + 1, its enter and exit level d.
 * <ul>
 * <li>{@code step}/{@code rstep}: the next or previous event.
 * <li>{@code next}/{@code rnext}: the next or previous event at the cursor's level or above, so a
 * call is stepped over (from its enter to its exit and back); they undo each other while they
 * stay at one level.
 * <li>{@code finish}: to the exit of the cursor's frame (from its exit, the caller's);
 * {@code rfinish}: to the enter of the cursor's frame (from its enter, the caller's).
 * <li>{@code up}: to the enter of the caller of the cursor's frame.
 * <li>{@code longest}: to the enter of the longest call made directly by the cursor's frame.
 * </ul>
 * The cursor's frame is the frame an enter, exit or call event is about, or the innermost open
 * frame at any other event. A move with nowhere to go leaves the cursor where it is and returns false.
 */
public final class HistoryCursor {
    private final ThreadHistory history;
    private ThreadHistory.Located at;

    /** A cursor on event {@code n}, or on the first event if the history is not that long. */
    public HistoryCursor(ThreadHistory history, long n) {
        if (!history.exists(0)) throw new IllegalArgumentException("thread " + history.thread().label() + " has no events");
        this.history = history;
        this.at = history.at(history.exists(n) ? n : 0);
    }

    public ThreadHistory history() {
        return history;
    }

    public ThreadHistory.Located at() {
        return at;
    }

    public long number() {
        return at.number();
    }

    public TraceEvent event() {
        return at.event();
    }

    /** Depth of the cursor's frame, -1 outside every frame. */
    public int frameDepth() {
        return at.stack().size() - 1;
    }

    /** The cursor's frame, or null outside every frame. */
    public ThreadHistory.Frame frame() {
        return at.stack().isEmpty() ? null : at.stack().get(at.stack().size() - 1);
    }

    public boolean goTo(long n) {
        if (!history.exists(n)) return false;
        at = history.at(n);
        return true;
    }

    public boolean step() {
        return goTo(number() + 1);
    }

    public boolean rstep() {
        return goTo(number() - 1);
    }

    public boolean next() {
        return goTo(history.findForward(number(), level(), e -> true));
    }

    public boolean rnext() {
        return goTo(history.findBackward(number(), level(), e -> true));
    }

    public boolean finish() {
        return goTo(finishTarget());
    }

    public boolean rfinish() {
        return goTo(rfinishTarget());
    }

    public boolean up() {
        int caller = frameDepth() - 1;
        return caller >= 0 && goTo(history.findBackward(number(), caller, e -> true));
    }

    /** The exit of the cursor's frame (the caller's from an exit or call), or -1. */
    public long finishTarget() {
        int k = switch (kind(event())) {
            case EXIT, CALL -> event().depth() - 1;
            case ENTER -> event().depth();
            case OTHER -> event().depth() - 1;
        };
        return k < 0 ? -1 : history.findForward(number(), k, e -> true);
    }

    /** The enter of the cursor's frame (the caller's from an enter or call), or -1. */
    public long rfinishTarget() {
        int k = switch (kind(event())) {
            case ENTER, CALL -> event().depth() - 1;
            case EXIT -> event().depth();
            case OTHER -> event().depth() - 1;
        };
        return k < 0 ? -1 : history.findBackward(number(), k, e -> true);
    }

    /**
     * Moves to the enter of the longest call the cursor's frame made directly (outside every
     * frame: the longest top-level call); false if it made none.
     */
    public boolean longest() {
        int frame = frameDepth();
        EventView.Kind kind = kind(event());
        if (kind == EventView.Kind.CALL) return false; // a call with no traced callees
        long from;
        long to;
        if (frame < 0) {
            from = 0;
            to = Long.MAX_VALUE;
        } else {
            from = kind == EventView.Kind.ENTER ? number() : history.findBackward(number(), frame, e -> true);
            long exit = kind == EventView.Kind.EXIT ? number() : history.findForward(number(), frame, e -> true);
            from = Math.max(0, from);
            to = exit < 0 ? Long.MAX_VALUE : exit;
        }
        int level = frame + 1;
        long[] best = {-1, -1};
        history.scan(from, to, level, e -> {
            if (e.level() == level && (e.kind() == EventView.Kind.EXIT || e.kind() == EventView.Kind.CALL)
                    && e.durationNanos() > best[1]) {
                best[0] = e.number();
                best[1] = e.durationNanos();
            }
            return false;
        });
        if (best[0] < 0) return false;
        return goTo(history.callStart(best[0]));
    }

    private int level() {
        return event().depth();
    }

    /** The kind of a model event as a history's searches see it. */
    public static EventView.Kind kind(TraceEvent e) {
        if (e instanceof MethodEnter) return EventView.Kind.ENTER;
        if (e instanceof MethodExit) return EventView.Kind.EXIT;
        if (e instanceof MethodCall) return EventView.Kind.CALL;
        return EventView.Kind.OTHER;
    }
}
