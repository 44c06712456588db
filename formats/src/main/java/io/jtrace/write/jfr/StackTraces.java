package io.jtrace.write.jfr;

import java.util.Arrays;

/**
 * The stack traces of one chunk, as a tree of call paths: a stack trace is a node, made of its
 * caller's node and a method, so a call's stack is found from its caller's with one hash look-up
 * and each distinct path is stored once. Node keys are the pool keys, on from the last chunk's
 * (see {@link Pool}); 0 is no stack
 * (an event outside every traced frame), and {@link #UNKNOWN_BELOW} is the parent of a path whose
 * frames below are unknown (records were lost): such a stack is written as truncated. A stack
 * deeper than {@link #MAX_FRAMES} keeps its innermost frames and is written as truncated, as JFR
 * does with its own stack depth limit.
 */
final class StackTraces {
    static final int MAX_FRAMES = 64;
    static final int UNKNOWN_BELOW = -1;
    /**
     * A frame's line number and bytecode index: not recorded. 0, not the JDK's -1 for unknown: an
     * int is written unsigned, so -1 takes 5 bytes, and the two made deep-stack exports 1.8 times
     * the size (bench/README.md, "export --format jfr for JDK Mission Control").
     */
    private static final int UNKNOWN = 0;

    private int[] parent = new int[1024];
    private int[] method = new int[1024];
    private int[] depth = new int[1024];
    private int count;
    /** Keys of earlier chunks: this chunk's first node has key {@code base + 1}. */
    private int base;
    /** Open addressing: slot -> node key (0 = empty); a node's hash is of its parent and method. */
    private int[] table = new int[4096];
    private long bytes;

    /** The key of the stack made of {@code parentKey}'s frames and then {@code methodKey} on top. */
    int child(int parentKey, int methodKey) {
        int mask = table.length - 1;
        int slot = hash(parentKey, methodKey) & mask;
        while (true) {
            int key = table[slot];
            if (key == 0) break;
            if (parent[key - 1] == parentKey && method[key - 1] == methodKey) return base + key;
            slot = (slot + 1) & mask;
        }
        if (count == parent.length) {
            parent = Arrays.copyOf(parent, count * 2);
            method = Arrays.copyOf(method, count * 2);
            depth = Arrays.copyOf(depth, count * 2);
        }
        parent[count] = parentKey;
        method[count] = methodKey;
        depth[count] = parentKey > 0 ? depth[parentKey - base - 1] + 1 : 1;
        int node = ++count;
        table[slot] = node;
        bytes += 4 + (long) Math.min(depth[node - 1], MAX_FRAMES) * (JfrBytes.varLongSize(methodKey) + 3);
        if (count * 2 > table.length) rehash();
        return base + node;
    }

    private static int hash(int parentKey, int methodKey) {
        int h = parentKey * 0x9E3779B1 + methodKey * 0x85EBCA77;
        return h ^ (h >>> 15);
    }

    private void rehash() {
        int[] bigger = new int[table.length * 2];
        int mask = bigger.length - 1;
        for (int key = 1; key <= count; key++) {
            int slot = hash(parent[key - 1], method[key - 1]) & mask;
            while (bigger[slot] != 0) slot = (slot + 1) & mask;
            bigger[slot] = key;
        }
        table = bigger;
    }

    /** The node of {@code node}'s caller: 0 at the bottom, {@link #UNKNOWN_BELOW} over unknown frames. */
    private int parentNode(int node) {
        int p = parent[node - 1];
        return p > 0 ? p - base : p;
    }

    int size() {
        return count;
    }

    /** About how many bytes the pool takes when written. */
    long bytes() {
        return bytes;
    }

    void clear() {
        base += count;
        Arrays.fill(table, 0);
        count = 0;
        bytes = 0;
    }

    /**
     * Writes the pool's entries: key, truncated, frame count, then each frame innermost first
     * (method, line number, bytecode index, frame type; the line and bytecode index are not
     * recorded: 0).
     */
    void write(JfrBytes out, int frameTypeKey) {
        for (int node = 1; node <= count; node++) {
            int frames = 0;
            int k = node;
            while (k > 0 && frames < MAX_FRAMES) {
                frames++;
                k = parentNode(k);
            }
            out.writeVarLong(base + node);
            out.writeBoolean(k != 0);
            out.writeVarInt(frames);
            for (k = node; frames-- > 0; k = parentNode(k)) {
                out.writeVarInt(method[k - 1]);
                out.writeVarInt(UNKNOWN);
                out.writeVarInt(UNKNOWN);
                out.writeVarInt(frameTypeKey);
            }
        }
    }
}
