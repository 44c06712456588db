package io.jtrace.recording;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.FrameSelection;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;

/**
 * The time part of a {@link Selection} applied to a replay ({@code filter --from --to}): keeps the
 * calls that start in a time window, with their exits even when those come after it
 * (a kept call stays balanced); calls that started before the window are left out, their
 * callees inside it become roots. Depths count kept frames only. Other events are kept if they
 * happen in the window.
 */
public final class TimeWindow {
    private final long from;
    private final long to;

    /** Times in nanoseconds since tracing started; {@code to} inclusive. */
    public TimeWindow(long from, long to) {
        this.from = from;
        this.to = to;
    }

    public boolean isEverything() {
        return from <= 0 && to == Long.MAX_VALUE;
    }

    private boolean inside(long nanos) {
        return nanos >= from && nanos <= to;
    }

    /** {@code next} behind this window (itself if the window is everything). */
    public CallVisitor in(CallVisitor next) {
        if (isEverything()) return next;
        return new FrameSelection(next) {
            @Override
            protected boolean shows(MethodInfo method, long nanos, int shownDepth) {
                return inside(nanos);
            }

            @Override
            protected TraceEvent showOther(TraceEvent e, boolean frameShown, int shownDepth) {
                return inside(e.nanos()) ? e : null;
            }

            @Override
            protected boolean showsGap(RecordsLost gap) {
                return inside(gap.nanos());
            }
        };
    }
}
