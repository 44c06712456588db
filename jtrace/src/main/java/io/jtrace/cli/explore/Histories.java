package io.jtrace.cli.explore;

import io.jtrace.history.ThreadHistory;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Each thread's {@link ThreadHistory}, built once and usable while it is built (a question about
 * events not indexed yet waits for them): the thread asked for is built at once on a thread of
 * its own, the others one after another in the background, largest first, so the prompt comes
 * after the first batch and switching threads is usually instant. The histories are small (one
 * entry per batch).
 */
final class Histories implements AutoCloseable {
    private final TraceIndex index;

    /** A thread's history and whether someone has started building it. */
    private record Entry(ThreadHistory history, AtomicBoolean started) {}

    private final Map<ThreadInfo, Entry> entries = new ConcurrentHashMap<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> daemon(r, "jtrace-explore-index"));

    Histories(TraceIndex index) {
        this.index = index;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private Entry entry(ThreadInfo t) {
        return entries.computeIfAbsent(t, k -> new Entry(ThreadHistory.building(index, k), new AtomicBoolean()));
    }

    /** Whether {@link #prepare} was called: the recording of --against not shown yet is prepared when first shown. */
    private volatile boolean prepared;

    /** Starts building these threads' histories in the background, in this order. */
    void prepare(List<ThreadInfo> threads) {
        prepared = true;
        for (ThreadInfo t : threads) {
            Entry e = entry(t);
            background.execute(() -> {
                if (e.started().compareAndSet(false, true)) build(e.history());
            });
        }
    }

    /** The history of {@code thread}, its building started now if nobody has started it. */
    ThreadHistory of(ThreadInfo thread) {
        Entry e = entry(thread);
        if (e.started().compareAndSet(false, true)) daemon(() -> build(e.history()), "jtrace-explore-index-" + thread.id()).start();
        return e.history();
    }

    /** Every thread's history in the background, largest first, unless that was done already. */
    void prepareAll() {
        if (prepared) return;
        prepare(index.threads().stream().sorted(java.util.Comparator.comparingLong(index::recordsOf).reversed()).toList());
    }

    /** The history of {@code thread} if its building has started (in the background or on request), else null: starts nothing. */
    ThreadHistory ifStarted(ThreadInfo thread) {
        Entry e = entries.get(thread);
        return e != null && e.started().get() ? e.history() : null;
    }

    private static void build(ThreadHistory h) {
        try {
            h.build();
        } catch (RuntimeException | Error e) {
            // kept in the history: whoever asks it for events gets the failure
        }
    }

    @Override
    public void close() {
        background.shutdownNow();
    }
}
