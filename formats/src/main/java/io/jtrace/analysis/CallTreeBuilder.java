package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Builds a {@link CallTree} from threads' events in order: the union of the per-thread call
 * stacks. Events of other kinds than calls are ignored.
 *
 * <ul>
 *   <li>merged: one root for all threads, else one root per thread;</li>
 *   <li>maxDepth: no nodes below that depth (their time still leaves their parent's self
 *       time, so self time stays the time outside traced callees); bounds memory;</li>
 *   <li>focus: only subtrees rooted at a call of a matching method (the outermost one when
 *       they nest) are kept, each focused method a child of its thread's root.</li>
 * </ul>
 */
public final class CallTreeBuilder {
    /** How to build. {@code maxDepth} 0 = unlimited; {@code focus} null = whole tree. */
    public record Options(boolean merged, int maxDepth, Predicate<MethodInfo> focus) {
        public static final Options DEFAULT = new Options(false, 0, null);
    }

    /** What the frames below a gap in the records are shown as. */
    public static final MethodInfo LOST_FRAME = new MethodInfo(0, "?", "(frames before lost records)", "()V", null, 0, 0);

    /** Open frames of one thread: their nodes (-1: none, below the depth limit or outside the focus). */
    private static final class Stack {
        final int root;
        int[] nodes = new int[64];
        long[] childNanos = new long[64];
        /** Inside a focused subtree (always, without focus). */
        boolean[] inTree = new boolean[64];
        int depth;

        Stack(int root) {
            this.root = root;
        }
    }

    private final Options options;
    private final CallTree tree = new CallTree();
    private final Map<Object, Integer> roots = new LinkedHashMap<>();
    private final Map<Long, Stack> stacks = new HashMap<>();
    /** The previous event's thread: events come in runs of one thread, spare the map look-up. */
    private Stack last;
    private long lastThread;

    public CallTreeBuilder(Options options) {
        this.options = options;
    }

    public void accept(TraceEvent e) {
        CallVisitor.dispatch(e, visitor);
    }

    /** The same as {@link #accept} for each event, without the events. */
    public CallVisitor visitor() {
        return visitor;
    }

    private final CallVisitor visitor = new CallVisitor() {
        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            CallTreeBuilder.this.enter(stack(thread), method);
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            CallTreeBuilder.this.exit(stack(thread), durationNanos, kind);
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            Stack s = stack(thread);
            CallTreeBuilder.this.enter(s, method);
            CallTreeBuilder.this.exit(s, durationNanos, kind);
        }

        @Override
        public void other(TraceEvent e) {
            Stack s = stack(e.thread());
            if (e instanceof RecordsLost l) {
                // frames open before the gap never end in the records, but those a RESYNC still lists go on
                s.depth = Math.min(s.depth, l.kept());
                for (int i = s.depth; i < l.depth(); i++) CallTreeBuilder.this.enter(s, LOST_FRAME);
            }
        }
    };

    private Stack stack(ThreadInfo thread) {
        Stack s = last;
        if (s == null || lastThread != thread.id()) {
            s = stacks.get(thread.id());
            if (s == null) {
                s = new Stack(root(thread));
                stacks.put(thread.id(), s);
            }
            last = s;
            lastThread = thread.id();
        }
        return s;
    }

    /** Forgets a thread's open frames (they were closed by its events already). */
    public void endThread(ThreadInfo thread) {
        stacks.remove(thread.id());
        last = null;
    }

    private int root(ThreadInfo thread) {
        Object key = options.merged() ? "all" : thread.id();
        Integer r = roots.get(key);
        if (r == null) {
            r = tree.root(options.merged() ? "all threads" : thread.label());
            roots.put(key, r);
        }
        return r;
    }

    private void enter(Stack s, MethodInfo m) {
        int d = s.depth;
        if (d == s.nodes.length) {
            s.nodes = Arrays.copyOf(s.nodes, d * 2);
            s.childNanos = Arrays.copyOf(s.childNanos, d * 2);
            s.inTree = Arrays.copyOf(s.inTree, d * 2);
        }
        int parent;
        boolean inTree;
        if (options.focus() == null) {
            inTree = true;
            parent = d == 0 ? s.root : s.nodes[d - 1];
        } else if (d > 0 && s.inTree[d - 1]) {
            inTree = true;
            parent = s.nodes[d - 1];
        } else {
            inTree = options.focus().test(m);
            parent = inTree ? s.root : -1;
        }
        int node = -1;
        if (parent >= 0 && (options.maxDepth() <= 0 || tree.depth(parent) < options.maxDepth())) {
            node = tree.child(parent, m);
            tree.called(node);
        }
        s.nodes[d] = node;
        s.childNanos[d] = 0;
        s.inTree[d] = inTree;
        s.depth = d + 1;
    }

    private void exit(Stack s, long duration, ExitKind kind) {
        if (s.depth == 0) return;
        int d = --s.depth;
        int node = s.nodes[d];
        if (node >= 0) tree.ended(node, duration, s.childNanos[d], kind == ExitKind.EXCEPTION, kind == ExitKind.RETURN_UNTIMED);
        if (d > 0) s.childNanos[d - 1] += duration;
    }

    public CallTree build() {
        tree.finish(List.copyOf(roots.values()));
        return tree;
    }
}
