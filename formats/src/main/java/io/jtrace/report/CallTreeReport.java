package io.jtrace.report;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.recording.Recording;
import io.jtrace.recording.ReportException;
import io.jtrace.replay.Replay;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The aggregated call tree, one per thread or merged, optionally rooted at the calls of some
 * methods: what {@code jtrace tree} (and the shell's {@code tree}) writes with
 * {@link io.jtrace.format.CallTreeTextWriter}.
 */
public final class CallTreeReport {
    private CallTreeReport() {}

    /**
     * Which calls root the tree: those of the methods {@code focus} selects ({@code pattern}: as
     * given, for the message), or null for every root. A {@link ReportException} if it selects no
     * traced method of the recording.
     */
    public static Predicate<MethodInfo> focus(Recording recording, MethodFilter focus, String pattern) {
        if (focus == null) return null;
        Predicate<MethodInfo> filter = m -> focus.matches(m.className(), m.name());
        for (MethodInfo m : recording.index().symbols().methods()) if (filter.test(m)) return filter;
        throw new ReportException("--focus " + pattern + " matches no traced method in " + recording.file().getFileName()
                + recording.index().symbols().didYouMean(pattern));
    }

    /** The tree of the calls of {@code threads} that {@code view} shows (it wraps the builder's visitor). */
    public static CallTree of(Recording recording, List<ThreadInfo> threads, CallTreeBuilder.Options options,
                              UnaryOperator<CallVisitor> view) {
        return Replay.of(recording.index(), threads).callTree(options, view);
    }
}
