package io.jtrace.cli.explore;

import io.jtrace.model.ThreadInfo;
import io.jtrace.read.ThreadHistory;
import io.jtrace.read.TraceIndex;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Each thread's {@link ThreadHistory}, built once: the thread asked for first on the caller's
 * thread, the others in the background on one more thread (the second core), largest first, so
 * switching threads is usually instant. The histories are small (one entry per batch).
 */
final class Histories implements AutoCloseable {
    private final TraceIndex index;
    /** A thread's history: built by whoever claims it first, the background or a command waiting for it. */
    private static final class Entry {
        final AtomicBoolean claimed = new AtomicBoolean();
        final CompletableFuture<ThreadHistory> result = new CompletableFuture<>();
    }

    private final Map<ThreadInfo, Entry> entries = new ConcurrentHashMap<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jtrace-explore-index");
        t.setDaemon(true);
        return t;
    });

    Histories(TraceIndex index) {
        this.index = index;
    }

    /** Starts building these threads' histories in the background, in this order. */
    void prepare(List<ThreadInfo> threads) {
        for (ThreadInfo t : threads) {
            Entry e = entries.computeIfAbsent(t, k -> new Entry());
            background.execute(() -> build(t, e));
        }
    }

    private void build(ThreadInfo t, Entry e) {
        if (!e.claimed.compareAndSet(false, true)) return;
        try {
            e.result.complete(ThreadHistory.of(index, t));
        } catch (RuntimeException | Error x) {
            e.result.completeExceptionally(x);
        }
    }

    /**
     * The history of {@code thread}: built here if nobody has started it, else waited for.
     */
    ThreadHistory of(ThreadInfo thread) {
        Entry e = entries.computeIfAbsent(thread, k -> new Entry());
        if (e.claimed.compareAndSet(false, true)) {
            try {
                ThreadHistory h = ThreadHistory.of(index, thread);
                e.result.complete(h);
                return h;
            } catch (CancellationException c) { // let the background (or a later command) build it
                entries.remove(thread);
                throw c;
            } catch (RuntimeException | Error x) {
                e.result.completeExceptionally(x);
                throw x;
            }
        }
        try {
            while (true) {
                try {
                    return e.result.get(50, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException waiting) {
                    io.jtrace.read.Cancellation.check(); // Ctrl-C stops the waiting, not the building
                }
            }
        } catch (InterruptedException x) {
            throw new CancellationException("interrupted");
        } catch (ExecutionException x) {
            if (x.getCause() instanceof RuntimeException r) throw r;
            if (x.getCause() instanceof Error r) throw r;
            throw new IllegalStateException(x.getCause());
        }
    }

    @Override
    public void close() {
        background.shutdownNow();
    }
}
