package io.jtrace.analysis;

import io.jtrace.model.MethodInfo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The aggregated call tree: identical call paths merged into one node. The roots stand for a
 * thread (or all threads, or a focused method's subtrees) and have no method; their time is the
 * sum of their children's. Built by {@link CallTreeBuilder}; memory grows with the number of
 * distinct call paths, not with the number of calls.
 */
public final class CallTree {
    /** One call path. */
    public static final class Node {
        private final MethodInfo method;
        private final String label;
        private final Node parent;
        private final int depth;
        long calls;
        long totalNanos;
        long selfNanos;
        long exceptional;
        /** Calls not timed (shorter than the clock's own cost): their time is in the caller's self time. */
        long untimed;
        private static final Node[] NONE = {};
        /** Most nodes are leaves: they share one empty array (a tree can have millions of nodes). */
        private Node[] children = NONE;
        /** The children's method ids, beside them: a scan reads one small array, not a node and a method per child. */
        private int[] childIds = NO_IDS;
        private static final int[] NO_IDS = {};
        private int childCount;
        /** Children by method id once there are many: open addressing, no boxing (paths with hundreds of callees are common). */
        private Node[] index;
        /** The child found last: loops call the same callee again and again. */
        private Node lastChild;

        Node(MethodInfo method, String label, Node parent) {
            this.method = method;
            this.label = label;
            this.parent = parent;
            this.depth = parent == null ? 0 : parent.depth + 1;
        }

        /** The child for {@code m}, created on first use. Few children: a linear scan; many: a hash table. */
        Node child(MethodInfo m) {
            int id = m.id();
            Node last = lastChild;
            if (last != null && last.method.id() == id) return last;
            Node n = index != null ? lookUp(id) : scan(id);
            if (n == null) n = add(m);
            lastChild = n;
            return n;
        }

        private Node scan(int id) {
            int[] ids = childIds;
            for (int i = 0; i < childCount; i++) {
                if (ids[i] == id) return children[i];
            }
            return null;
        }

        private Node lookUp(int id) {
            int mask = index.length - 1;
            for (int i = mix(id) & mask; ; i = (i + 1) & mask) {
                Node n = index[i];
                if (n == null || n.method.id() == id) return n;
            }
        }

        private static int mix(int id) {
            return id * 0x9E3779B9 >>> 7;
        }

        private Node add(MethodInfo m) {
            Node n = new Node(m, null, this);
            if (childCount == children.length) {
                children = Arrays.copyOf(children, Math.max(4, childCount * 2));
                childIds = Arrays.copyOf(childIds, children.length);
            }
            childIds[childCount] = m.id();
            children[childCount++] = n;
            if (index != null && childCount * 2 <= index.length) {
                insert(index, n);
            } else if (childCount > 8) { // (re)build at twice the children, so the table stays at most half full
                index = new Node[Integer.highestOneBit(childCount * 4 - 1)];
                for (int i = 0; i < childCount; i++) insert(index, children[i]);
            }
            return n;
        }

        private static void insert(Node[] table, Node n) {
            int mask = table.length - 1;
            int i = mix(n.method.id()) & mask;
            while (table[i] != null) i = (i + 1) & mask;
            table[i] = n;
        }

        int childCount() {
            return childCount;
        }

        /** Null for a root. */
        public MethodInfo method() { return method; }
        /** A root's name (thread, "all threads"); null for a method node. */
        public String label() { return label; }
        public Node parent() { return parent; }
        /** 0 for a root, 1 for its children, ... */
        public int depth() { return depth; }
        /** Calls on this path (for a root: calls of its children). */
        public long calls() { return calls; }
        /** Inclusive time of the calls on this path. */
        public long totalNanos() { return totalNanos; }
        /** Time of the calls on this path outside traced callees. */
        public long selfNanos() { return selfNanos; }
        /** Calls on this path left by an exception. */
        public long exceptionalExits() { return exceptional; }
        /** Calls not timed (see ExitKind.RETURN_UNTIMED): their time is in the caller's self time. */
        public long untimedCalls() { return untimed; }
        public boolean isRoot() { return parent == null; }

        /** Share of the parent's total time, 0..1 (1 for a root). */
        public double shareOfParent() {
            if (parent == null) return 1;
            return parent.totalNanos == 0 ? 0 : (double) totalNanos / parent.totalNanos;
        }

        /** Children, most total time first (then by name, so equal trees print the same). */
        public List<Node> children() {
            List<Node> list = new ArrayList<>(Arrays.asList(children).subList(0, childCount));
            list.sort(Comparator.comparingLong(Node::totalNanos).reversed()
                    .thenComparing(n -> n.method.displayName()));
            return list;
        }

        /** Children in the order they were first called (stable from run to run, unlike times). */
        public List<Node> childrenInCallOrder() {
            return List.copyOf(Arrays.asList(children).subList(0, childCount));
        }

        /** The methods from the root's first child down to this node. */
        public List<MethodInfo> path() {
            List<MethodInfo> p = new ArrayList<>(depth);
            for (Node n = this; n != null && n.method != null; n = n.parent) p.add(0, n.method);
            return p;
        }
    }

    private final List<Node> roots;
    private final long nodes;

    CallTree(List<Node> roots, long nodes) {
        this.roots = roots;
        this.nodes = nodes;
    }

    /** One root per thread (in order of their first event), or one for all threads when merged. */
    public List<Node> roots() {
        return roots;
    }

    /** Number of method nodes (distinct call paths). */
    public long nodeCount() {
        return nodes;
    }
}
