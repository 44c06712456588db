package io.jtrace.format;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Folded stacks, one line per call path: {@code frame;frame;frame value}, the format of
 * Brendan Gregg's flamegraph.pl and of async-profiler's converter. Frames are
 * {@code package.Class.method(ParamTypes)} without spaces; the value is the path's self time in
 * nanoseconds or its number of calls. Paths are merged over threads (built as a
 * {@link CallTree}: memory grows with distinct call paths, not with calls).
 */
public final class CollapsedStacksWriter implements TraceWriter, CallTreeOutput {
    /** What a line's number counts. */
    public enum Value { self, calls }

    private final LineBuffer out;
    private final Value value;
    /** One tree for all threads. */
    private static final CallTreeBuilder.Options TREE = new CallTreeBuilder.Options(true, 0, null);
    private final CallTreeBuilder builder = new CallTreeBuilder(TREE);
    /** Each method's frame name, encoded once: a deep recursion writes the same names millions of times. */
    private final EncodedNames names;

    public CollapsedStacksWriter(PrintWriter out, Value value) {
        this.out = new LineBuffer(out, StandardCharsets.UTF_8);
        this.value = value;
        this.names = new EncodedNames(this.out, CollapsedStacksWriter::frameName);
    }

    /** Writes UTF-8 to {@code out} (a recording of a deep recursion makes gigabytes of paths). */
    public CollapsedStacksWriter(OutputStream out, Value value) {
        this.out = new LineBuffer(out, StandardCharsets.UTF_8);
        this.value = value;
        this.names = new EncodedNames(this.out, CollapsedStacksWriter::frameName);
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
    public CallTreeBuilder.Options treeOptions() {
        return TREE;
    }

    @Override
    public void end() throws IOException {
        end(builder.build());
    }

    @Override
    public void end(CallTree tree) throws IOException {
        // Depth-first without recursion: a deep recursion in the trace must not overflow our stack.
        // The path is kept as bytes; each node appends its frame and each line copies the path once.
        byte[] path = new byte[4096];
        PathStack todo = new PathStack();
        for (CallTree.Node root : tree.roots()) {
            todo.pushAll(root.children(), 0);
            while (todo.size > 0) {
                int length = todo.lengths[--todo.size];
                CallTree.Node n = todo.nodes[todo.size];
                todo.nodes[todo.size] = null;
                MethodInfo m = n.method();
                byte[] name = names.of(m);
                int end = length + (length > 0 ? 1 : 0) + name.length;
                if (end > path.length) path = Arrays.copyOf(path, Math.max(end, path.length * 2));
                if (length > 0) path[length++] = ';';
                System.arraycopy(name, 0, path, length, name.length);
                long v = value == Value.self ? n.selfNanos() : n.calls();
                if (v > 0) {
                    out.append(path, end).ascii(' ').number(v).ascii('\n');
                    out.drainIfFull();
                }
                todo.pushAll(n.children(), end);
            }
        }
        out.flush();
    }

    /** Nodes still to write, each with the length of its caller's path (no boxed lengths: a tree has millions). */
    private static final class PathStack {
        CallTree.Node[] nodes = new CallTree.Node[256];
        int[] lengths = new int[256];
        int size;

        /** Pushes {@code children} so that the first is written first. */
        void pushAll(List<CallTree.Node> children, int length) {
            int n = children.size();
            if (size + n > nodes.length) {
                int capacity = Math.max(size + n, nodes.length * 2);
                nodes = Arrays.copyOf(nodes, capacity);
                lengths = Arrays.copyOf(lengths, capacity);
            }
            for (int i = n - 1; i >= 0; i--) {
                nodes[size] = children.get(i);
                lengths[size++] = length;
            }
        }
    }

    /** {@code bank.Bank.transfer(Account,Account,long)}: no spaces or semicolons, which the format reserves. */
    public static String frameName(MethodInfo m) {
        return m.displayName().replace(" ", "").replace(';', ',');
    }
}
