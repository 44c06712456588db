package io.jtrace.history;

import io.jtrace.analysis.ExceptionFlow;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.replay.Replay;

import java.util.Arrays;

/**
 * Where each exception journey of a recording starts, by its number (the numbers of
 * {@code jtrace exceptions}): its thread, time, exception and message. Built by one replay of
 * every thread in time order, as {@code exceptions} numbers them; then a journey is found without
 * reading the recording again. A few dozen bytes a journey; the steps are not kept.
 */
public final class JourneyIndex {
    /** One journey's start. */
    public record Start(long number, ThreadInfo thread, long nanos, ExceptionRef exception, String message) {}

    private ThreadInfo[] threads = new ThreadInfo[64];
    private long[] nanos = new long[64];
    private ExceptionRef[] exceptions = new ExceptionRef[64];
    private String[] messages = new String[64];
    private long size;

    private JourneyIndex() {}

    /** Replays every thread of {@code index} once (cancellably: {@link Cancellation}). */
    public static JourneyIndex build(TraceIndex index) throws java.io.IOException {
        JourneyIndex journeys = new JourneyIndex();
        ExceptionFlow flow = new ExceptionFlow(journeys::add);
        Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(flow.visitor());
        flow.finish();
        return journeys;
    }

    private void add(ExceptionJourney j) {
        long n = j.number();
        if (n < 1 || n > Integer.MAX_VALUE - 8) return;
        int i = (int) (n - 1);
        if (i >= threads.length) {
            int capacity = Math.max(i + 1, threads.length * 2);
            threads = Arrays.copyOf(threads, capacity);
            nanos = Arrays.copyOf(nanos, capacity);
            exceptions = Arrays.copyOf(exceptions, capacity);
            messages = Arrays.copyOf(messages, capacity);
        }
        threads[i] = j.thread();
        nanos[i] = j.nanos();
        exceptions[i] = j.exception();
        messages[i] = j.message();
        size = Math.max(size, n);
    }

    /** The number of the last journey. */
    public long size() {
        return size;
    }

    /** Journey {@code number}'s start, or null if there is none. */
    public Start get(long number) {
        if (number < 1 || number > size || threads[(int) (number - 1)] == null) return null;
        int i = (int) (number - 1);
        return new Start(number, threads[i], nanos[i], exceptions[i], messages[i]);
    }
}
