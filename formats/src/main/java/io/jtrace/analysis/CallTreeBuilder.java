package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.ArrayList;
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
    private final class Stack extends FrameContext {
        final int root;
        int[] nodes = new int[64];
        /**
         * At each depth, the parent and method of the last nodes entered there (by the method id's
         * low bits), and those nodes: loops enter the same few callees again and again, found here
         * without a look-up in the tree.
         */
        int[] lastParent = new int[64 * WAYS], lastMethod = new int[64 * WAYS], lastNode = new int[64 * WAYS];
        /** Each open node's record: its page and offset (found once per call, not at each update). */
        long[][] pages = new long[64][];
        int[] offsets = new int[64];
        long[] childNanos = new long[64];
        /** Inside a focused subtree (always, without focus). */
        boolean[] inTree = new boolean[64];
        /** The outermost frames that stand for frames a first part knows ({@link #resume}), still open. */
        int resumed;

        Stack(int root) {
            super(64);
            this.root = root;
            Arrays.fill(lastNode, -1);
        }

        @Override
        protected void grow(int n) {
            int before = nodes.length;
            nodes = Arrays.copyOf(nodes, n);
            lastParent = Arrays.copyOf(lastParent, n * WAYS);
            lastMethod = Arrays.copyOf(lastMethod, n * WAYS);
            lastNode = Arrays.copyOf(lastNode, n * WAYS);
            Arrays.fill(lastNode, before * WAYS, n * WAYS, -1);
            childNanos = Arrays.copyOf(childNanos, n);
            pages = Arrays.copyOf(pages, n);
            offsets = Arrays.copyOf(offsets, n);
            inTree = Arrays.copyOf(inTree, n);
        }

        /** A frame a gap cut off never ends in the records; a resumed one no longer stands for the first part's. */
        @Override
        protected void cut(int level) {
            if (level < resumed) resumed = level;
        }

        @Override
        protected void unknown(int level, long nanos) {
            entered(this, level, LOST_FRAME);
        }
    }

    /** Entries per depth of {@link Stack#lastNode}: a loop body calling a, b, c, a, b, c... hits. */
    private static final int WAYS = 4;

    private final Options options;
    /** A focus or a depth limit: whether a call gets a node depends on more than its caller. */
    private final boolean limited;
    private final CallTree tree = new CallTree();
    private final Map<Object, Integer> roots = new LinkedHashMap<>();
    private final Map<Long, Stack> stacks = new HashMap<>();
    /** A first part's thread stopped with frames open ({@link #suspend}), and their stack. */
    private ThreadInfo suspendedThread;
    private Stack suspended;
    /** A second part's thread resumed with frames it does not know ({@link #resume}), and their nodes here. */
    private ThreadInfo resumedThread;
    private int[] resumedNodes;
    /** How the resumed frames ended here, outermost last: they are the first part's to count. */
    private final List<ResumedExit> resumedExits = new ArrayList<>();

    /** The end of a frame resumed in a second part: as the visitor gave it, and its callees' time in this part. */
    private record ResumedExit(int depth, long duration, long inCallees, ExitKind kind) {}

    /**
     * What stands for the frames open when a second part begins (the first part knows their
     * methods, the second only how many there are): the replay's frames and this builder's nodes
     * for them. Never a traced method's id.
     */
    public static final MethodInfo RESUMED_FRAME = new MethodInfo(Integer.MIN_VALUE, "?", "(frames open before this part)",
            "()V", null, 0, 0);

    /** The previous event's thread: events come in runs of one thread, spare the map look-up. */
    private Stack last;
    private long lastThread;

    public CallTreeBuilder(Options options) {
        this.options = options;
        this.limited = options.focus() != null || options.maxDepth() > 0;
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
            if (e instanceof RecordsLost l) stack(e.thread()).lost(l);
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
        entered(s, s.pushLevel(), m);
    }

    private void entered(Stack s, int d, MethodInfo m) {
        s.nodes[d] = limited ? enterLimited(s, d, m) : callee(s, d, d == 0 ? s.root : s.nodes[d - 1], m);
        s.childNanos[d] = 0;
    }

    /** With a focus or a depth limit (kept apart: the common path stays small enough to be inlined). */
    private int enterLimited(Stack s, int d, MethodInfo m) {
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
        s.inTree[d] = inTree;
        if (parent < 0 || (options.maxDepth() > 0 && tree.depth(parent) >= options.maxDepth())) return -1;
        return callee(s, d, parent, m);
    }

    /** The node of {@code m} called from {@code parent}, its calls counted. */
    private int callee(Stack s, int d, int parent, MethodInfo m) {
        int id = m.id();
        int c = d * WAYS + (id & (WAYS - 1));
        int node = s.lastParent[c] == parent && s.lastMethod[c] == id ? s.lastNode[c] : -1;
        if (node < 0) node = lookUp(s, c, parent, m);
        long[] page = tree.page(node);
        int at = CallTree.at(node);
        CallTree.called(page, at);
        s.pages[d] = page;
        s.offsets[d] = at;
        return node;
    }

    private int lookUp(Stack s, int c, int parent, MethodInfo m) {
        int node = tree.child(parent, m);
        s.lastParent[c] = parent;
        s.lastMethod[c] = m.id();
        s.lastNode[c] = node;
        return node;
    }

    private void exit(Stack s, long duration, ExitKind kind) {
        int d = s.popLevel();
        if (d < 0) return;
        if (d < s.resumed) {
            resumedExits.add(new ResumedExit(d, duration, s.childNanos[d], kind));
            s.resumed = d;
        } else {
            int node = s.nodes[d];
            if (node >= 0) CallTree.ended(s.pages[d], s.offsets[d], duration, s.childNanos[d], kind);
        }
        if (d > 0) s.childNanos[d - 1] += duration;
    }

    // ---- a tree built in two parts at once (a first part's frames open when the second begins) ----

    /** Whether the options let a tree be built in two parts: a node then depends on its caller's alone. */
    public boolean buildsInParts() {
        return !limited;
    }

    /**
     * A first part: {@code thread}'s replay stops here with frames open, which the second part,
     * joined later, closes.
     */
    public void suspend(ThreadInfo thread) {
        if (limited) throw new IllegalStateException("a focused or depth-limited tree is built in one part");
        suspended = stack(thread);
        suspendedThread = thread;
        endThread(thread);
    }

    /**
     * A second part: {@code thread}'s replay starts here with {@code depth} frames open that the
     * first part knows; until they end, what is called in them hangs from stand-in nodes.
     */
    public void resume(ThreadInfo thread, int depth) {
        if (limited) throw new IllegalStateException("a focused or depth-limited tree is built in one part");
        Stack s = stack(thread);
        resumedThread = thread;
        resumedNodes = new int[depth];
        s.truncate(0);
        for (int i = 0; i < depth; i++) {
            int d = s.pushLevel();
            int node = tree.child(d == 0 ? s.root : s.nodes[d - 1], RESUMED_FRAME);
            s.nodes[d] = node;
            s.pages[d] = tree.page(node);
            s.offsets[d] = CallTree.at(node);
            resumedNodes[d] = node;
        }
        s.resumed = depth;
    }

    /** The frames a first part left open: their enter times and whether each enter was untimed, outermost first. */
    public record OpenFrames(long[] enterNanos, boolean[] untimed) {}

    /**
     * Adds {@code second}, built from the records that follow this builder's, to this tree: its
     * calls under the same paths, and the frames this part left open (of the thread this part
     * {@link #suspend suspended} and the second {@link #resume resumed}, {@code open} here, which
     * the second part began at {@code resumedNanos}) ended as they ended there.
     */
    public void join(CallTreeBuilder second, OpenFrames open, long resumedNanos) {
        int[] firstNodes = new int[0];
        if (second.resumedThread != null) {
            Stack s = suspended;
            if (s == null || suspendedThread.id() != second.resumedThread.id() || s.depth() != second.resumedNodes.length
                    || open.enterNanos().length != s.depth()) {
                throw new IllegalArgumentException("the parts do not meet: different frames open at the split");
            }
            firstNodes = Arrays.copyOf(s.nodes, s.depth());
            for (ResumedExit x : second.resumedExits) {
                int d = x.depth();
                // its time and its callees' count from its enter, in the first part, not from the split
                long duration = x.duration() + (resumedNanos - open.enterNanos()[d]);
                long inCallees = s.childNanos[d] + x.inCallees() + (d + 1 < s.depth() ? resumedNanos - open.enterNanos()[d + 1] : 0);
                ExitKind kind = open.untimed()[d] && x.kind() == ExitKind.RETURN ? ExitKind.RETURN_UNTIMED : x.kind();
                CallTree.ended(s.pages[d], s.offsets[d], duration, inCallees, kind);
            }
        }
        Map<Integer, Integer> given = new HashMap<>();
        for (int d = 0; d < firstNodes.length; d++) given.put(second.resumedNodes[d], firstNodes[d]);
        for (Map.Entry<Object, Integer> r : second.roots.entrySet()) {
            Integer root = roots.get(r.getKey());
            if (root == null) {
                root = tree.root(second.tree.label(r.getValue()));
                roots.put(r.getKey(), root);
            }
            given.put(r.getValue(), root);
        }
        tree.addAll(second.tree, n -> given.getOrDefault(n, -1));
        suspended = null;
        suspendedThread = null;
    }

    public CallTree build() {
        tree.finish(List.copyOf(roots.values()));
        return tree;
    }
}
