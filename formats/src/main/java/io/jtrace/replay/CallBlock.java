package io.jtrace.replay;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.EncodedRecord;

import java.util.function.Consumer;

/**
 * A run of {@link CallVisitor} calls kept as columns (no object per call), to be delivered later,
 * possibly on another thread: how the replay hands calls from the decoding core to the consuming
 * one, and how each thread's calls wait to be interleaved by time. Filling it is itself a visitor.
 */
final class CallBlock implements CallVisitor {
    static final byte ENTER = 0, EXIT = 1, CALL = 2, OTHER = 3, THREAD_END = 4, ENTERED_BEFORE = 5;

    /** How many items make it full (it grows past that if asked to take more). */
    final int capacity;
    int size;
    byte[] kind;
    long[] nanos;
    long[] duration;
    int[] depth;
    Object[] item;
    ThreadInfo[] thread;
    ExitKind[] exitKind;
    ExceptionRef[] exception;
    /** The encoded record of each OTHER item, if the replay keeps them ({@link CurrentRecord}). */
    EncodedRecord[] record;
    /** The encoded ARGUMENT and RETURN records of each call item, if the replay keeps them. */
    EncodedRecord[][] valueRecords;
    /** The values of each call item ({@link CurrentValues}), if the replay gives them. */
    CallValues[] values;
    /** Where the records of the replay filling this block are handed over; null if none are kept. */
    CurrentRecord source;
    /** Where the replay filling this block leaves each call's values; null if nobody reads them. */
    CurrentValues valuesSource;

    CallBlock(int capacity) {
        this.capacity = capacity;
        kind = new byte[capacity];
        nanos = new long[capacity];
        duration = new long[capacity];
        depth = new int[capacity];
        item = new Object[capacity];
        thread = new ThreadInfo[capacity];
        exitKind = new ExitKind[capacity];
        exception = new ExceptionRef[capacity];
        record = new EncodedRecord[capacity];
        valueRecords = new EncodedRecord[capacity][];
        values = new CallValues[capacity];
    }

    boolean isFull() {
        return size >= capacity;
    }

    private void grow() {
        int n = kind.length * 2;
        kind = java.util.Arrays.copyOf(kind, n);
        nanos = java.util.Arrays.copyOf(nanos, n);
        duration = java.util.Arrays.copyOf(duration, n);
        depth = java.util.Arrays.copyOf(depth, n);
        item = java.util.Arrays.copyOf(item, n);
        thread = java.util.Arrays.copyOf(thread, n);
        exitKind = java.util.Arrays.copyOf(exitKind, n);
        exception = java.util.Arrays.copyOf(exception, n);
        record = java.util.Arrays.copyOf(record, n);
        valueRecords = java.util.Arrays.copyOf(valueRecords, n);
        values = java.util.Arrays.copyOf(values, n);
    }

    private int add(byte k, ThreadInfo t, long n, int d, Object o) {
        if (size == kind.length) grow();
        int i = size++;
        kind[i] = k;
        thread[i] = t;
        nanos[i] = n;
        depth[i] = d;
        item[i] = o;
        return i;
    }

    /** Keeps the values (and their records) of the call item {@code i}. */
    private void callValues(int i) {
        if (valuesSource != null) values[i] = valuesSource.get();
        if (source != null) valueRecords[i] = source.takeValues();
    }

    /**
     * Whether any item holds an object that only it keeps alive (an event, a record, values).
     * Methods, threads and exception references live as long as the recording's symbols: a block
     * may keep stale references to them, so neither delivering nor clearing a block of calls
     * writes its columns again.
     */
    private boolean holdsEvents;

    /**
     * While the block is empty, plain calls (enters, and exits and calls that returned) before this
     * time go straight to {@link #passTo} instead of into the block (a replay by time whose visitor
     * lets one thread run ahead, see TimeOrder); only where no records or values are handed over.
     */
    long passUntil = Long.MIN_VALUE;
    CallVisitor passTo;

    @Override
    public void enter(ThreadInfo t, long n, int d, MethodInfo method) {
        if (n < passUntil && size == 0) {
            passTo.enter(t, n, d, method);
            return;
        }
        callValues(add(ENTER, t, n, d, method));
    }

    @Override
    public void enteredBeforeTracing(ThreadInfo t, long n, int d, MethodInfo method) {
        add(ENTERED_BEFORE, t, n, d, method);
    }

    @Override
    public void exit(ThreadInfo t, long n, int d, MethodInfo method, long durationNanos, ExitKind k, ExceptionRef x) {
        if (n < passUntil && size == 0 && k.returned()) {
            passTo.exit(t, n, d, method, durationNanos, k, x);
            return;
        }
        int i = add(EXIT, t, n, d, method);
        callValues(i);
        duration[i] = durationNanos;
        exitKind[i] = k;
        exception[i] = x;
    }

    @Override
    public void call(ThreadInfo t, long n, int d, MethodInfo method, long durationNanos, ExitKind k, ExceptionRef x) {
        if (n < passUntil && size == 0 && k.returned()) {
            passTo.call(t, n, d, method, durationNanos, k, x);
            return;
        }
        int i = add(CALL, t, n, d, method);
        callValues(i);
        duration[i] = durationNanos;
        exitKind[i] = k;
        exception[i] = x;
    }

    @Override
    public void other(TraceEvent e) {
        holdsEvents = true;
        int i = add(OTHER, e.thread(), e.nanos(), e.depth(), e);
        record[i] = source == null ? null : source.take();
    }

    /** Marks the end of a thread's events. */
    void threadEnd(ThreadInfo t) {
        add(THREAD_END, t, Long.MAX_VALUE, 0, null);
    }

    /**
     * Delivers item {@code i} to {@code v} ({@code current} and {@code currentValues}, if not null,
     * first get its encoded record(s) and its call's values; {@code afterThread} the end of a
     * thread) and forgets its objects.
     */
    void deliver(int i, CallVisitor v, CurrentRecord current, CurrentValues currentValues, Consumer<ThreadInfo> afterThread) {
        ThreadInfo t = thread[i];
        byte k = kind[i];
        if (k == ENTER || k == EXIT || k == CALL) {
            if (currentValues != null) currentValues.set(values[i]);
            if (current != null) current.setValues(valueRecords[i]);
        }
        switch (k) {
            case ENTER: v.enter(t, nanos[i], depth[i], (MethodInfo) item[i]); break;
            case ENTERED_BEFORE: v.enteredBeforeTracing(t, nanos[i], depth[i], (MethodInfo) item[i]); break;
            case EXIT: v.exit(t, nanos[i], depth[i], (MethodInfo) item[i], duration[i], exitKind[i], exception[i]); break;
            case CALL: v.call(t, nanos[i], depth[i], (MethodInfo) item[i], duration[i], exitKind[i], exception[i]); break;
            case OTHER:
                if (current != null) current.set(record[i]);
                v.other((TraceEvent) item[i]);
                break;
            default: afterThread.accept(t); break;
        }
    }

    /** Empties the block; the objects only it kept alive are let go (see {@link #holdsEvents}). */
    void clear() {
        boolean values = valuesSource != null || source != null;
        if (holdsEvents || values) {
            // a loop of its own, not Arrays.fill: the JDK's one is profiled on every array type in
            // the process, and its type checks failing here threw away the printer's compiled code
            for (int i = 0; i < size; i++) {
                item[i] = null;
                record[i] = null;
                this.values[i] = null;
                valueRecords[i] = null;
            }
            holdsEvents = false;
        }
        size = 0;
    }
}
