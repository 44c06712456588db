package io.jtrace.format;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Folded stacks, one line per call path: {@code frame;frame;frame value}, the format of
 * Brendan Gregg's flamegraph.pl and of async-profiler's converter. Frames are
 * {@code package.Class.method(ParamTypes)} without spaces; the value is the path's self time in
 * nanoseconds or its number of calls. Paths are merged over threads (built as a
 * {@link CallTree}: memory grows with distinct call paths, not with calls).
 */
public final class CollapsedStacksWriter implements TraceWriter {
    /** What a line's number counts. */
    public enum Value { self, calls }

    private final PrintWriter out;
    private final Value value;
    private final CallTreeBuilder builder = new CallTreeBuilder(new CallTreeBuilder.Options(true, 0, null));

    public CollapsedStacksWriter(PrintWriter out, Value value) {
        this.out = out;
        this.value = value;
    }

    @Override
    public void begin(RecordingInfo info) {
    }

    @Override
    public void event(TraceEvent e) {
        builder.accept(e);
    }

    /** The same as {@link #event} for each event, without the events (it only aggregates calls). */
    public io.jtrace.analysis.CallVisitor visitor() {
        return builder.visitor();
    }

    @Override
    public void end() throws IOException {
        // Depth-first without recursion: a deep recursion in the trace must not overflow our stack.
        StringBuilder path = new StringBuilder(256);
        ArrayDeque<CallTree.Node> todo = new ArrayDeque<>();
        ArrayDeque<Integer> pathLengths = new ArrayDeque<>();
        for (CallTree.Node root : builder.build().roots()) {
            push(todo, pathLengths, root.children(), 0);
            while (!todo.isEmpty()) {
                CallTree.Node n = todo.pop();
                path.setLength(pathLengths.pop());
                if (path.length() > 0) path.append(';');
                path.append(frameName(n.method()));
                long v = value == Value.self ? n.selfNanos() : n.calls();
                if (v > 0) out.append(path).append(' ').append(Long.toString(v)).append('\n');
                push(todo, pathLengths, n.children(), path.length());
            }
        }
        out.flush();
    }

    private static void push(ArrayDeque<CallTree.Node> todo, ArrayDeque<Integer> lengths, List<CallTree.Node> children, int length) {
        for (int i = children.size() - 1; i >= 0; i--) {
            todo.push(children.get(i));
            lengths.push(length);
        }
    }

    /** {@code bank.Bank.transfer(Account,Account,long)}: no spaces or semicolons, which the format reserves. */
    public static String frameName(MethodInfo m) {
        return m.displayName().replace(" ", "").replace(';', ',');
    }
}
