package io.jtrace.analysis;

import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.MethodsById;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The aggregated call tree: identical call paths merged into one node. The roots stand for a
 * thread (or all threads, or a focused method's subtrees) and have no method; their time is the
 * sum of their children's. Built by {@link CallTreeBuilder}; memory grows with the number of
 * distinct call paths, not with the number of calls.
 *
 * <p>Why not an object per node: a deeply recursive program (a parser's visitors) has millions of
 * distinct call paths; as objects with their child arrays they took ~125 bytes each and spread a
 * node over several cache lines. Here a node is one record of {@value #SLOTS} longs (64 bytes) in
 * pages of longs, which the garbage collector never walks; {@link Node} is a view made on demand.
 */
public final class CallTree {
    // A node's record, by slot: what it counts, then its links packed two ints to a long.
    private static final int CALLS = 0, TOTAL = 1, SELF = 2, UNTIMED = 3;
    /** Calls left by an exception (low int) and the number of children (high int). */
    private static final int EXCEPTIONAL_CHILDREN = 4;
    /** The method's id (low) and the parent node (high; -1 for a root). */
    private static final int METHOD_PARENT = 5;
    /** The depth (low) and the child found last (high; -1: none): loops call the same callee again and again. */
    private static final int DEPTH_LAST = 6;
    /** The newest child (low) and the next older sibling (high); -1: none. */
    private static final int CHILD_SIBLING = 7;
    private static final int SLOTS = 8;
    private static final int PAGE_BITS = 13; // 8,192 nodes, 512 KB a page
    private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;
    /** Children of a node with more than this many are found through {@link #lookUpWide}, not by walking its siblings. */
    private static final int SCAN_LIMIT = 8;

    private long[][] pages = new long[4][];
    /** Pages of another tree being {@link #addAll added} that it no longer needs: new nodes go there first. */
    private final java.util.ArrayDeque<long[]> spare = new java.util.ArrayDeque<>();
    private int size;
    /**
     * The method of each id a node has (the first seen): dense ids through an array, since a new
     * node is added for each of up to millions of call paths (a boxed look-up each was 1/7 of
     * building parser.jfr's tree).
     */
    private final MethodsById methods = new MethodsById();
    /**
     * Each method's place in the order of display names (equal names, equal places), by id; made
     * when children are first sorted ({@link MostTimeFirst}), dropped when a method is added. Siblings that tie on time then
     * compare two ints, not two names: writing parser.jfr's tree compared names ~10M times, and
     * the JIT recompiled the tree writer each time a name comparison took a path it had not seen.
     */
    private NameOrder nameOrder;
    private final Map<Integer, String> rootLabels = new HashMap<>();
    /** Children of wide nodes, by (parent, method id): open addressing; node + 1 in {@link #wideNodes}, 0 = empty. */
    private long[] wideKeys = new long[1024];
    private int[] wideNodes = new int[1024];
    private int wideSize;
    private List<Node> roots = List.of();
    private long methodNodes;

    CallTree() {
    }

    // ---- building (CallTreeBuilder) ----

    private long get(int node, int slot) {
        return pages[node >>> PAGE_BITS][at(node) + slot];
    }

    private static long[] cleared(long[] page) {
        Arrays.fill(page, 0);
        return page;
    }

    private static int low(long v) {
        return (int) v;
    }

    private static int high(long v) {
        return (int) (v >>> 32);
    }

    private static long pack(int low, int high) {
        return (low & 0xFFFFFFFFL) | (long) high << 32;
    }

    private int newNode(int methodId, int parent, int depth) {
        int n = size;
        if (n == Integer.MAX_VALUE) throw new IllegalStateException("more than 2^31 call paths");
        int p = n >>> PAGE_BITS;
        if (p == pages.length) pages = Arrays.copyOf(pages, p * 2);
        if (pages[p] == null) pages[p] = spare.isEmpty() ? new long[SLOTS << PAGE_BITS] : cleared(spare.pop());
        long[] page = pages[p];
        int a = at(n);
        page[a + METHOD_PARENT] = pack(methodId, parent);
        page[a + DEPTH_LAST] = pack(depth, -1);
        page[a + CHILD_SIBLING] = pack(-1, -1);
        size = n + 1;
        return n;
    }

    int root(String label) {
        int r = newNode(0, -1, 0);
        rootLabels.put(r, label);
        return r;
    }

    int depth(int node) {
        return low(get(node, DEPTH_LAST));
    }

    /** The child of {@code parent} for {@code m}, created on first use. */
    int child(int parent, MethodInfo m) {
        int id = m.id();
        long[] pp = page(parent);
        int pa = at(parent);
        int last = high(pp[pa + DEPTH_LAST]);
        if (last >= 0 && low(get(last, METHOD_PARENT)) == id) return last;
        int children = high(pp[pa + EXCEPTIONAL_CHILDREN]);
        int n = children > SCAN_LIMIT ? lookUpWide(parent, id) : scan(low(pp[pa + CHILD_SIBLING]), id);
        if (n < 0) n = add(parent, m, children);
        pp[pa + DEPTH_LAST] = pack(low(pp[pa + DEPTH_LAST]), n);
        return n;
    }

    private int scan(int child, int id) {
        while (child >= 0) {
            long[] cp = page(child);
            int ca = at(child);
            if (low(cp[ca + METHOD_PARENT]) == id) return child;
            child = high(cp[ca + CHILD_SIBLING]);
        }
        return -1;
    }

    private int add(int parent, MethodInfo m, int children) {
        int pa = at(parent);
        int n = newNode(m.id(), parent, low(page(parent)[pa + DEPTH_LAST]) + 1);
        remember(m);
        methodNodes++;
        long[] pp = page(parent);
        int newest = low(pp[pa + CHILD_SIBLING]);
        pp[pa + CHILD_SIBLING] = pack(n, high(pp[pa + CHILD_SIBLING]));
        long[] np = page(n);
        np[at(n) + CHILD_SIBLING] = pack(-1, newest);
        pp[pa + EXCEPTIONAL_CHILDREN] = pack(low(pp[pa + EXCEPTIONAL_CHILDREN]), children + 1);
        if (children + 1 > SCAN_LIMIT) {
            if (children == SCAN_LIMIT) { // just became wide: index the siblings too
                for (int c = newest; c >= 0; c = high(get(c, CHILD_SIBLING))) insertWide(parent, low(get(c, METHOD_PARENT)), c);
            }
            insertWide(parent, m.id(), n);
        }
        return n;
    }

    private void remember(MethodInfo m) {
        if (methods.add(m)) nameOrder = null;
    }

    private MethodInfo methodOf(int id) {
        return methods.get(id);
    }

    /** The place of method {@code id}'s display name among this tree's methods' (see {@link #nameOrder}). */
    private int nameOrderOf(int id) {
        NameOrder order = nameOrder;
        if (order == null) nameOrder = order = new NameOrder(methods);
        return id >= 0 && id < order.dense.length ? order.dense[id] : order.other.get(id);
    }

    /** Immutable once made: readers on several threads may each make one, and any will do. */
    private static final class NameOrder {
        final int[] dense;
        final Map<Integer, Integer> other;

        NameOrder(MethodsById methods) {
            List<MethodInfo> all = new ArrayList<>(methods.values());
            String[] names = new String[all.size()];
            Integer[] byName = new Integer[all.size()];
            for (int i = 0; i < names.length; i++) {
                names[i] = all.get(i).displayName();
                byName[i] = i;
            }
            Arrays.sort(byName, (x, y) -> names[x].compareTo(names[y]));
            dense = new int[methods.dense().length];
            other = new HashMap<>();
            int place = -1;
            String previous = null;
            for (int i : byName) {
                if (!names[i].equals(previous)) place++;
                previous = names[i];
                int id = all.get(i).id();
                if (id >= 0 && id < dense.length) dense[id] = place;
                else other.put(id, place);
            }
        }
    }

    private static long wideKey(int parent, int id) {
        return pack(id, parent);
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    private int lookUpWide(int parent, int id) {
        long key = wideKey(parent, id);
        int mask = wideKeys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            int v = wideNodes[i];
            if (v == 0) return -1;
            if (wideKeys[i] == key) return v - 1;
        }
    }

    private void insertWide(int parent, int id, int node) {
        if ((wideSize + 1) * 2 > wideKeys.length) {
            long[] keys = wideKeys;
            int[] nodes = wideNodes;
            wideKeys = new long[keys.length * 2];
            wideNodes = new int[keys.length * 2];
            for (int i = 0; i < keys.length; i++) if (nodes[i] != 0) place(keys[i], nodes[i]);
        }
        place(wideKey(parent, id), node + 1);
        wideSize++;
    }

    private void place(long key, int value) {
        int mask = wideKeys.length - 1;
        int i = slot(key, mask);
        while (wideNodes[i] != 0) i = (i + 1) & mask;
        wideKeys[i] = key;
        wideNodes[i] = value;
    }

    /** The page of {@code node}'s record, for {@link #called} and {@link #ended}. */
    long[] page(int node) {
        return pages[node >>> PAGE_BITS];
    }

    /** The offset of {@code node}'s record in its page. */
    static int at(int node) {
        return (node & PAGE_MASK) * SLOTS;
    }

    /** A call of the node at {@code at} in {@code page} began. */
    static void called(long[] page, int at) {
        page[at + CALLS]++;
    }

    /** A call of the node at {@code at} in {@code page} ended: {@code duration} in all, {@code inCallees} of it in traced callees. */
    static void ended(long[] page, int at, long duration, long inCallees, ExitKind kind) {
        page[at + TOTAL] += duration;
        page[at + SELF] += Math.max(0, duration - inCallees);
        if (kind == ExitKind.EXCEPTION) page[at + EXCEPTIONAL_CHILDREN]++; // the low int: never 2^32 calls left by an exception
        else if (kind == ExitKind.RETURN_UNTIMED) page[at + UNTIMED]++;
    }

    /** A root's label. */
    String label(int root) {
        return rootLabels.get(root);
    }

    /**
     * Adds {@code other}, which is consumed, to this tree: each of its nodes' counts to the node of
     * the same path here, made if missing (children in the order {@code other} first called them,
     * after this tree's). {@code given} names the node here of those of {@code other}'s nodes that
     * have no path of their own, or -1: its roots, and a second part's stand-ins for frames it did
     * not see. Nodes are taken in the order they were made, parents before children, so no
     * recursion (call trees are as deep as the programs' stacks) and no stack; each page of
     * {@code other} is let go once read, so the two trees together take little more than the
     * larger of them.
     */
    void addAll(CallTree other, java.util.function.IntUnaryOperator given) {
        int[] here = new int[other.size];
        for (int node = 0; node < other.size; node++) {
            long[] q = other.page(node);
            int b = at(node);
            int to = given.applyAsInt(node);
            if (to < 0) to = child(here[high(q[b + METHOD_PARENT])], other.methodOf(low(q[b + METHOD_PARENT])));
            here[node] = to;
            absorb(to, q, b);
            if (b == PAGE_MASK * SLOTS) { // the page's last node: the page can hold this tree's next nodes
                spare.push(q);
                other.pages[node >>> PAGE_BITS] = null;
            }
        }
        spare.clear();
        other.pages = new long[0][];
        other.size = 0;
    }

    /** Adds what the record at {@code b} in {@code q} (another tree's) counts to this tree's {@code to}. */
    private void absorb(int to, long[] q, int b) {
        long[] p = page(to);
        int a = at(to);
        p[a + CALLS] += q[b + CALLS];
        p[a + TOTAL] += q[b + TOTAL];
        p[a + SELF] += q[b + SELF];
        p[a + UNTIMED] += q[b + UNTIMED];
        long exceptional = (low(p[a + EXCEPTIONAL_CHILDREN]) & 0xFFFFFFFFL) + (low(q[b + EXCEPTIONAL_CHILDREN]) & 0xFFFFFFFFL);
        p[a + EXCEPTIONAL_CHILDREN] = pack((int) exceptional, high(p[a + EXCEPTIONAL_CHILDREN]));
    }

    /** Ends building: a root's calls and time are its children's; roots without children are left out. */
    void finish(List<Integer> rootNodes) {
        List<Node> list = new ArrayList<>();
        for (int r : rootNodes) {
            Node root = new Node(r);
            long total = 0, calls = 0;
            for (Node c : root.childrenInCallOrder()) {
                total += c.totalNanos();
                calls += c.calls();
            }
            long[] p = page(r);
            p[at(r) + TOTAL] = total;
            p[at(r) + CALLS] = calls;
            if (high(p[at(r) + EXCEPTIONAL_CHILDREN]) > 0) list.add(root);
        }
        roots = List.copyOf(list);
    }

    // ---- reading ----

    private static final Node[] NO_NODES = new Node[0];

    /** One call path: a view of the tree's record for it. */
    public final class Node {
        private final int node;

        private Node(int node) {
            this.node = node;
        }

        /** Null for a root. */
        public MethodInfo method() {
            return high(get(node, METHOD_PARENT)) < 0 ? null : methodOf(low(get(node, METHOD_PARENT)));
        }

        /** Where this node's method's display name sorts among the tree's methods' (equal names, equal places). */
        int nameOrder() {
            return nameOrderOf(low(get(node, METHOD_PARENT)));
        }

        /** A root's name (thread, "all threads"); null for a method node. */
        public String label() {
            return rootLabels.get(node);
        }

        public Node parent() {
            int p = high(get(node, METHOD_PARENT));
            return p < 0 ? null : new Node(p);
        }

        /** 0 for a root, 1 for its children, ... */
        public int depth() {
            return low(get(node, DEPTH_LAST));
        }

        /** Calls on this path (for a root: calls of its children). */
        public long calls() {
            return get(node, CALLS);
        }

        /** Inclusive time of the calls on this path. */
        public long totalNanos() {
            return get(node, TOTAL);
        }

        /** Time of the calls on this path outside traced callees. */
        public long selfNanos() {
            return get(node, SELF);
        }

        /** Calls on this path left by an exception. */
        public long exceptionalExits() {
            return low(get(node, EXCEPTIONAL_CHILDREN)) & 0xFFFFFFFFL;
        }

        /** Calls not timed (see ExitKind.RETURN_UNTIMED): their time is in the caller's self time. */
        public long untimedCalls() {
            return get(node, UNTIMED);
        }

        public boolean isRoot() {
            return high(get(node, METHOD_PARENT)) < 0;
        }

        /** Share of the parent's total time, 0..1 (1 for a root). */
        public double shareOfParent() {
            int p = high(get(node, METHOD_PARENT));
            if (p < 0) return 1;
            long parentTotal = get(p, TOTAL); // never negative
            // 0 for a parent without time, without a branch for it: such parents (untimed calls)
            // come late in a tree's text, and the branch's first use recompiled the tree writer
            long timed = (parentTotal | -parentTotal) >>> 63; // 1 if parentTotal > 0, else 0
            return (double) (totalNanos() * timed) / (parentTotal | (timed ^ 1));
        }

        /** Children, most total time first (then by name, so equal trees print the same). */
        public List<Node> children() {
            Node[] children = childArray();
            if (children.length > 1) MostTimeFirst.sort(children);
            return Arrays.asList(children);
        }

        /** Children in the order they were first called (stable from run to run, unlike times). */
        public List<Node> childrenInCallOrder() {
            return Arrays.asList(childArray());
        }

        private Node[] childArray() {
            int newest = low(get(node, CHILD_SIBLING));
            if (newest < 0) return NO_NODES;
            Node[] children = new Node[high(get(node, EXCEPTIONAL_CHILDREN))]; // newest last: filled from the end
            int i = children.length;
            for (int c = newest; c >= 0 && i > 0; c = high(get(c, CHILD_SIBLING))) children[--i] = new Node(c);
            return children;
        }

        /** The methods from the root's first child down to this node. */
        public List<MethodInfo> path() {
            List<MethodInfo> p = new ArrayList<>(depth());
            for (Node n = this; n != null && !n.isRoot(); n = n.parent()) p.add(n.method());
            Collections.reverse(p);
            return p;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Node n && n.node == node && n.tree() == CallTree.this;
        }

        private CallTree tree() {
            return CallTree.this;
        }

        @Override
        public int hashCode() {
            return node;
        }

        @Override
        public String toString() {
            return isRoot() ? label() : method().displayName();
        }
    }

    /** One root per thread (in order of their first event), or one for all threads when merged. */
    public List<Node> roots() {
        return roots;
    }

    /** Number of method nodes (distinct call paths). */
    public long nodeCount() {
        return methodNodes;
    }
}
