package io.jtrace.recording;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.FrameSelection;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.pattern.MethodFilter;

/**
 * The method and depth part of a {@link Selection} applied to a replay: methods selected by
 * include/exclude patterns and frames up to a depth. Hidden frames do not indent: a shown event's
 * depth counts only shown frames around it.
 */
public final class MethodView {
    private final MethodFilter methods;
    private final int maxDepth;
    /** Decided once: every event goes through the view. */
    private final boolean identity;

    /** The methods it shows (--include, --exclude). */
    public MethodFilter methods() {
        return methods;
    }

    public MethodView(MethodFilter methods, int maxDepth) {
        this.methods = methods;
        this.maxDepth = maxDepth <= 0 ? Integer.MAX_VALUE : maxDepth;
        this.identity = methods.isEmpty() && this.maxDepth == Integer.MAX_VALUE;
    }

    public boolean isIdentity() {
        return identity;
    }

    /** {@code next} behind this view (itself if the view shows everything). */
    public CallVisitor in(CallVisitor next) {
        if (identity) return next;
        return new FrameSelection(next) {
            @Override
            protected boolean shows(MethodInfo method, long nanos, int shownDepth) {
                return shownDepth < maxDepth && (methods.isEmpty() || methods.matches(method.className(), method.name()));
            }

            @Override
            protected TraceEvent showOther(TraceEvent e, boolean frameShown, int d) {
                if (e instanceof ExceptionEvent x) {
                    // shown with the frame it happened in, one level under it (so --depth counts it as a level)
                    return frameShown && d < maxDepth ? x.atDepth(d) : null;
                }
                if (e instanceof VariableAccess v) {
                    // shown inside a shown frame (at the depth of its callees); hidden with a hidden frame
                    return frameShown && d < maxDepth ? new VariableAccess(v.thread(), v.nanos(), d, v.method(), v.variable(),
                            v.owner(), v.array(), v.index(), v.value()) : null;
                }
                if (e instanceof LineExecuted l) {
                    return frameShown && d < maxDepth ? new LineExecuted(l.thread(), l.nanos(), d, l.method(), l.line()) : null;
                }
                return e;
            }

            @Override
            protected boolean showsGap(RecordsLost gap) {
                return true; // frames below a gap are unknown: shown as one level each
            }
        };
    }
}
