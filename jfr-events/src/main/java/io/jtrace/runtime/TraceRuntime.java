package io.jtrace.runtime;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import jdk.jfr.FlightRecorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lifecycle of the tracer inside the target: which threads have traces, when buffers reach
 * the recording, counters, and the orderly stop at shutdown.
 */
public final class TraceRuntime {
    private TraceRuntime() {}

    /**
     * The record format of this tracer's batches (RecordFormat: 3 since 2026-11-27; 1 before, also
     * for recordings whose batches are in format 2). Readers go by each batch's own first unit.
     */
    public static final int FORMAT_VERSION = RecordEncoder.FORMAT;

    private static final ConcurrentLinkedQueue<ThreadTrace> TRACES = new ConcurrentLinkedQueue<>();
    private static final AtomicLong BATCHES = new AtomicLong();
    private static final AtomicLong RECORDS = new AtomicLong();
    private static final AtomicLong CALLS = new AtomicLong();
    private static final AtomicLong UNTIMED_CALLS = new AtomicLong();
    /** Payload bytes handed to JFR: what the recording grows by, before JFR writes it to disk (up to a second later). */
    private static final AtomicLong PAYLOAD_BYTES = new AtomicLong();
    private static final AtomicLong THREADS = new AtomicLong();
    private static final AtomicLong ERRORS = new AtomicLong();
    private static final AtomicLong CLASSES = new AtomicLong();
    private static final AtomicLong CLASSES_FAILED = new AtomicLong();
    private static volatile String firstError;
    private static final boolean DEBUG_ERRORS = Boolean.getBoolean("jtrace.debugErrors");
    private static volatile Thread flusher;
    /** Bumped by each {@link #start}: threads' traces of an earlier (attached) session are dropped. */
    static volatile int generation;
    private static boolean originMarked;
    private static boolean hooksAdded;

    private static String version = "?";
    private static String options = "";
    private static long nanoOrigin;
    private static long epochNanosOrigin;

    private static final MethodHandle IS_VIRTUAL = lookupIsVirtual();

    private static MethodHandle lookupIsVirtual() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException e) {
            return null; // before JDK 21 there are no virtual threads
        }
    }

    /**
     * Starts tracing. The JFR recording must already run (the agent starts it), so that the
     * definitions written from here on land in it.
     */
    public static synchronized void start(String jtraceVersion, String agentOptions, int maxDepth) {
        start(jtraceVersion, agentOptions, maxDepth, false);
    }

    /**
     * {@code attached}: tracing starts in a running JVM (again, after an earlier attach ended with
     * {@link #stopAndFlush}); calls already running then may exit without an enter.
     */
    public static synchronized void start(String jtraceVersion, String agentOptions, int maxDepth, boolean attached) {
        generation++;
        Tracer.attached = attached;
        if (attached) { // a recording of its own: counters start again (jtrace.TracerStatistics describes this one)
            for (AtomicLong counter : new AtomicLong[] {BATCHES, RECORDS, CALLS, UNTIMED_CALLS, PAYLOAD_BYTES, THREADS, ERRORS, CLASSES, CLASSES_FAILED}) counter.set(0);
        }
        version = jtraceVersion;
        options = agentOptions;
        if (!originMarked) markOrigin();
        originMarked = false;
        Tracer.maxDepth = maxDepth <= 0 ? Integer.MAX_VALUE : maxDepth;
        if (!hooksAdded) { // JFR accepts one hook per event class: a restart keeps the first ones
            FlightRecorder.addPeriodicEvent(MethodDefinitionEvent.class, MethodRegistry::emitAll);
            FlightRecorder.addPeriodicEvent(TypeDefinitionEvent.class, TypeRegistry::emitAll);
            FlightRecorder.addPeriodicEvent(VariableDefinitionEvent.class, VariableRegistry::emitAll);
            FlightRecorder.addPeriodicEvent(SessionEvent.class, TraceRuntime::emitSession);
            FlightRecorder.addPeriodicEvent(TracerStatisticsEvent.class, TraceRuntime::emitStatistics);
            hooksAdded = true;
        }
        initializeRuntimeClasses();
        // The periodic events come at the start of each chunk; this recording's first chunk began
        // before this session's options were set (and, after an attach, before the hooks ran for
        // it): the session and what is registered so far are written now.
        emitSession();
        MethodRegistry.emitAll();
        TypeRegistry.emitAll();
        VariableRegistry.emitAll();
        // Active before the flusher starts: its loop runs while active, and seeing it still false
        // it used to end at once (in about one run of four), leaving dead threads' records unwritten.
        Tracer.active = true;
        Thread t = new Thread(TraceRuntime::flushDeadThreads, "jtrace-flusher");
        t.setDaemon(true);
        t.start();
        flusher = t;
    }

    /**
     * Sets the clock origin of a new session now. Called before a later attach starts its
     * recording, whose first chunk's jtrace.Session event must carry this session's origin, not
     * the previous one's; {@link #start} then keeps it.
     */
    public static synchronized void markOrigin() {
        nanoOrigin = System.nanoTime();
        java.time.Instant now = java.time.Instant.now();
        epochNanosOrigin = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        originMarked = true;
    }

    /**
     * Initializes every class the tracer may use now, while the stack is shallow. Otherwise the
     * first use could come deep inside a program's StackOverflowError: a static initializer that
     * fails there leaves its class unusable for the rest of the run (NoClassDefFoundError on
     * every later call).
     */
    private static void initializeRuntimeClasses() {
        Class<?>[] classes = {Tracer.class, ThreadTrace.class, TypeRegistry.class, MethodRegistry.class,
            VariableRegistry.class, VariableTracer.class, ValueRecords.class, ArgumentTracer.class, ExceptionEvents.class,
            ExceptionFields.class, ExceptionTrail.class, RecordFormat.class, UncaughtHandlers.class, TracedFrames.class,
            MethodTiming.class, JdkSites.class,
            io.jtrace.events.TraceBatchEvent.class, TypeDefinitionEvent.class, MethodDefinitionEvent.class,
            VariableDefinitionEvent.class, SessionEvent.class, TracerStatisticsEvent.class};
        for (Class<?> c : classes) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (Throwable e) {
                internalError(e);
            }
        }
        // Exception types the JDK's reflective calls name in their handlers (JDK 25's
        // DirectMethodHandleAccessor): a StackOverflowError passing through such a call loads them
        // to match its handlers, and a class loaded that deep makes the instrument library print
        // "*** java.lang.instrument ASSERTION FAILED ***" (seen in 8 of 20 traced runs of a deep
        // recursion under load, every time with these two classes loaded late, never without)
        for (String name : new String[] {"java.lang.invoke.WrongMethodTypeException",
                "java.lang.reflect.InvocationTargetException", "java.lang.reflect.UndeclaredThrowableException"}) {
            try {
                Class.forName(name, false, null);
            } catch (Throwable e) {
                internalError(e);
            }
        }
        TypeRegistry.idOfClass(Throwable.class); // its ClassValue's first computation, likewise
        TypeRegistry.idOfClass(StackOverflowError.class);
        TypeRegistry.idOfClass(OutOfMemoryError.class);
        try {
            // Past the JDK's thresholds for compiling method-handle forms (30 calls) and for
            // customizing a method handle to its call site (127 calls): each defines a class, and
            // a class defined deep in a stack overflow makes the JDK's instrument library print
            // "*** java.lang.instrument ASSERTION FAILED ***" (seen with 64 on JDK 25 in CI).
            for (int i = 0; i < 160; i++) {
                TracedFrames.prepare();
                ExceptionFields.prepare();
            }
        } catch (Throwable e) {
            internalError(e);
        }
    }

    /**
     * Turns exception records on (the default of the agent) or off ({@code --no-exceptions}):
     * call before {@link #start}.
     */
    public static synchronized void recordExceptions(boolean on) {
        Tracer.exceptions = on;
    }

    /**
     * {@code full}: every enter and exit reads the clock ({@code --timing full}); else calls that
     * measure shorter than the clock's own cost go untimed (see {@link MethodTiming}). Call before
     * {@link #start}.
     */
    public static synchronized void timeEveryCall(boolean full) {
        MethodTiming.full = full;
        if (!full) MethodTiming.calibrate();
    }

    /**
     * Stops tracing and writes every thread's buffered records, including threads still
     * running (their last record may be in flight: we give them a moment to finish it).
     */
    public static void stopAndFlush() {
        if (!Tracer.active) return;
        Tracer.active = false;
        Thread f = flusher;
        if (f != null) f.interrupt();
        try {
            // lets a thread finish the record it was writing when active fell: a millisecond for
            // one that had just passed its check of active, then while any record is open (at
            // most 20 ms in all; flush() still rolls back a record left torn)
            Thread.sleep(1);
            for (int waited = 1; waited < 20 && anyRecordOpen(); waited++) Thread.sleep(1);
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        }
        for (ThreadTrace t : TRACES) {
            try {
                t.flush();
            } catch (Throwable e) {
                internalError(e);
            }
        }
        TRACES.clear();
        Tracer.forgetAll();
    }

    private static boolean anyRecordOpen() {
        for (ThreadTrace t : TRACES) if (t.recordOpen || t.busy) return true;
        return false;
    }

    static ThreadTrace newThreadTrace(Thread thread) {
        boolean virtual = false;
        if (IS_VIRTUAL != null) {
            try {
                virtual = (boolean) IS_VIRTUAL.invokeExact(thread);
            } catch (Throwable ignored) {
                // treat as a platform thread
            }
        }
        ThreadTrace t = new ThreadTrace(thread, virtual);
        TRACES.add(t);
        return t;
    }

    /**
     * Twice a second: flushes and forgets traces of threads that have ended; once a second asks
     * running threads to write their batch at their next record.
     */
    private static void flushDeadThreads() {
        for (long tick = 0; Tracer.active; tick++) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            try {
                flushOnce((tick & 1) == 1);
            } catch (Throwable e) { // out of memory, say: this thread must live on
                internalError(e);
            }
        }
    }

    private static void flushOnce(boolean requestFlush) {
        for (Iterator<ThreadTrace> it = TRACES.iterator(); it.hasNext(); ) {
            ThreadTrace t = it.next();
            if (t.owner.isAlive()) {
                if (requestFlush && !t.isEmpty()) t.flushRequested = true;
            } else if (Tracer.active) {
                try {
                    t.flush(); // safe: a dead thread writes nothing more
                } catch (Throwable e) {
                    internalError(e);
                }
                it.remove();
                Tracer.forget(t);
            }
        }
    }

    static void batchWritten(int records, int calls, int untimedCalls, int payloadBytes, boolean firstOfThread) {
        BATCHES.incrementAndGet();
        PAYLOAD_BYTES.addAndGet(payloadBytes);
        RECORDS.addAndGet(records);
        CALLS.addAndGet(calls);
        UNTIMED_CALLS.addAndGet(untimedCalls);
        if (firstOfThread) THREADS.incrementAndGet();
    }

    static void internalError(Throwable t) {
        if (t instanceof StackOverflowError && ValueRecords.callingToString()) return; // a value's toString() recursed
        long n = ERRORS.getAndIncrement();
        if (DEBUG_ERRORS && (n < 3 || n % 1000 == 0)) { // -Djtrace.debugErrors=true: for debugging jtrace itself
            try {
                StackTraceElement[] st = t.getStackTrace();
                StringBuilder sb = new StringBuilder("jtrace internal error #" + n + ": " + t);
                for (int i = 0; i < Math.min(8, st.length); i++) sb.append("\n\tat ").append(st[i]);
                System.err.println(sb);
            } catch (Throwable ignored) {
                // out of stack again
            }
        }
        if (n == 0) {
            try {
                firstError = String.valueOf(t);
            } catch (Throwable ignored) {
                firstError = t.getClass().getName();
            }
        }
    }

    public static void classInstrumented() {
        CLASSES.incrementAndGet();
    }

    public static void classFailed() {
        CLASSES_FAILED.incrementAndGet();
    }

    public static long internalErrors() {
        return ERRORS.get();
    }

    public static String firstInternalError() {
        return firstError;
    }

    public static long records() {
        return RECORDS.get();
    }

    /** Bytes of trace payload committed to JFR so far (the disk guard's measure of growth). */
    public static long payloadBytes() {
        return PAYLOAD_BYTES.get();
    }

    /** This machine's name, read once (see {@link #hostName}); "" until then. */
    private static String host = "";

    /**
     * The kernel's host name (Linux), else the shell's HOSTNAME or Windows' COMPUTERNAME; null if
     * none says. Never a DNS look-up: that can stall the traced program's start.
     */
    private static String hostName() {
        try {
            java.nio.file.Path kernel = java.nio.file.Paths.get("/proc/sys/kernel/hostname");
            if (java.nio.file.Files.isReadable(kernel)) {
                String name = new String(java.nio.file.Files.readAllBytes(kernel), java.nio.charset.StandardCharsets.UTF_8).trim();
                if (!name.isEmpty()) return name;
            }
            String name = System.getenv("HOSTNAME");
            if (name == null || name.isEmpty()) name = System.getenv("COMPUTERNAME");
            return name == null || name.isEmpty() ? null : name;
        } catch (Throwable t) { // the tracer never throws into the program
            return null;
        }
    }

    private static void emitSession() {
        SessionEvent e = new SessionEvent();
        e.version = version;
        e.options = options;
        e.pid = ProcessHandle.current().pid();
        if ("".equals(host)) host = hostName();
        e.host = host;
        e.nanoOrigin = nanoOrigin;
        e.epochNanosOrigin = epochNanosOrigin;
        e.formatVersion = FORMAT_VERSION;
        e.commit();
    }

    private static void emitStatistics() {
        TracerStatisticsEvent e = new TracerStatisticsEvent();
        e.classesInstrumented = CLASSES.get();
        e.classesFailed = CLASSES_FAILED.get();
        e.methods = MethodRegistry.count();
        e.batches = BATCHES.get();
        e.records = RECORDS.get();
        e.calls = CALLS.get();
        e.untimedCalls = UNTIMED_CALLS.get();
        e.threads = THREADS.get();
        e.internalErrors = ERRORS.get();
        e.commit();
    }
}
