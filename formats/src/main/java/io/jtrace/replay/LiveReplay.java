package io.jtrace.replay;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import io.jtrace.read.SymbolTable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays batches as they stream in from a recording still being written ({@code --live}), for
 * {@code jtrace run --live} and {@code jtrace attach --live}, through the same engine as a
 * finished file ({@link ThreadReplay}, one per thread). Definitions and batches arrive here one
 * by one, in the order JFR flushes them: a thread's batches are put back in sequence order within
 * each flush ({@link #flush}), and a call whose exit is in a later batch is shown as an enter and
 * an exit rather than held back. Frames still open are left open (the program is still running).
 */
public final class LiveReplay {
    private final CallVisitor visitor;
    private final SymbolTable symbols = new SymbolTable();
    private final Map<Long, ThreadReplay> threads = new HashMap<>();
    private final List<Batch> waiting = new ArrayList<>();
    private long origin = Long.MIN_VALUE;
    private final CurrentValues values;

    public LiveReplay(CallVisitor visitor) {
        this(visitor, null);
    }

    /** {@code values}: where {@code visitor} reads each call's values ({@code run --args}); null if it does not. */
    public LiveReplay(CallVisitor visitor, CurrentValues values) {
        this.visitor = visitor;
        this.values = values;
    }

    /** The clock origin of the session (jtrace.Session): times are shown from it. */
    public void session(long nanoOrigin) {
        if (origin == Long.MIN_VALUE) origin = nanoOrigin;
    }

    public void method(int id, String className, String name, String descriptor, String sourceFile, int line, int modifiers) {
        symbols.addMethod(new MethodInfo(id, className, name, descriptor, sourceFile, line, modifiers));
    }

    public void type(int id, String name, String superTypes) {
        symbols.addType(id, name, superTypes);
    }

    public void variable(int siteId, int methodId, String kind, String name, String type, int slot, String ownerClass,
                         int line, boolean write, boolean redacted) {
        symbols.addVariable(new VariableInfo(siteId, methodId, VariableKind.parse(kind), name, type, slot,
                ownerClass == null ? "" : ownerClass, line, write, redacted));
    }

    /** A batch as it arrived; replayed at the next {@link #flush}. {@code payload}: one byte per unit. */
    public void batch(long threadId, String threadName, boolean virtual, long sequence, long baseNanos, int startDepth,
                      byte[] payload) {
        waiting.add(new Batch(threadId, threadName, virtual, sequence, baseNanos, startDepth, payload));
    }

    /** Replays the batches received since the last flush, oldest first, each thread's in sequence order. */
    public void flush() {
        List<Batch> todo = new ArrayList<>(waiting);
        waiting.clear();
        todo.sort(Comparator.comparingLong((Batch b) -> b.threadId).thenComparingLong(b -> b.sequence));
        // per thread in sequence order, threads interleaved by each one's first batch time
        Map<Long, List<Batch>> byThread = new java.util.LinkedHashMap<>();
        for (Batch b : todo) byThread.computeIfAbsent(b.threadId, k -> new ArrayList<>()).add(b);
        List<List<Batch>> runs = new ArrayList<>(byThread.values());
        runs.sort(Comparator.comparingLong(l -> l.get(0).baseNanos));
        for (List<Batch> run : runs) for (Batch b : run) replay(b);
    }

    private void replay(Batch b) {
        if (origin == Long.MIN_VALUE) origin = b.baseNanos;
        ThreadReplay t = threads.computeIfAbsent(b.threadId, id -> new ThreadReplay(symbols, origin,
                new ThreadInfo(id, b.threadName, b.virtual, threads.size()), visitor, values));
        t.arrived(b.sequence, b.baseNanos, b.startDepth, b.payload);
    }

    private record Batch(long threadId, String threadName, boolean virtual, long sequence, long baseNanos, int startDepth,
                         byte[] payload) {}
}
