package io.jtrace.agent;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.runtime.TraceRuntime;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JFR recording and its orderly end.
 *
 * <p>Shutdown hooks run concurrently, and JFR's own hook writes the recording file. If it ran
 * before ours, the records still buffered in threads would miss the file. So we take JFR's hook
 * out of the JVM's list and run it ourselves, after flushing every thread's records.
 */
final class RecordingControl {
    private static final String JFR_HOOK_NAME = "JFR Shutdown Hook";
    /** The recording's file is readable by its owner alone: traces can hold secrets. */
    static final Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final AgentLog log;
    private Recording recording;
    private Path output;
    /** JFR's shutdown hook, taken out of the JVM's list (once per JVM) and run by ours. */
    private static Thread jfrHook;
    private static boolean hookInstalled;
    /** The recording our shutdown hook ends: the running one, null after a detach. */
    private static RecordingControl current;
    private String samplePeriod;
    /**
     * Held by whoever ends a recording, from claiming it to its file written. A stop on another
     * thread (the disk guard, a detach) can still be copying the chunks when the program ends;
     * JFR's shutdown hook would then delete the repository under the copy, and no file would be
     * written (FaultSuiteTest.fullDisk, about one run in five). Our hook takes this lock first.
     * Order: this, then the class.
     */
    private static final Object WRITING = new Object();
    /** Created once the recording's file is complete ({@code written=}); null = none. */
    private Path writtenMarker;

    RecordingControl(AgentLog log) {
        this.log = log;
    }

    /**
     * Also records JFR's execution samples every {@code period} (e.g. {@code 20 ms}; null = no
     * sampling), so that time spent in untraced code shows up in {@code jtrace summary}.
     */
    void sampleEvery(String period) {
        this.samplePeriod = period;
    }

    /** Creates {@code marker} once the recording's file is complete (see {@link AgentOptions#written}). */
    void announceWrittenAt(Path marker) {
        this.writtenMarker = marker;
    }

    void start(Path output) throws Exception {
        this.output = output;
        // Owner-only from the start: traces can hold secrets. JFR keeps the permissions of an
        // existing destination file when it writes into it.
        try {
            Files.deleteIfExists(output);
            Files.createFile(output, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system
        }
        Map<String, String> settings = new HashMap<>();
        enable(settings, TraceBatchEvent.NAME, null);
        enable(settings, MethodDefinitionEvent.NAME, "beginChunk");
        enable(settings, TypeDefinitionEvent.NAME, "beginChunk");
        enable(settings, VariableDefinitionEvent.NAME, "beginChunk");
        enable(settings, SessionEvent.NAME, "beginChunk");
        enable(settings, TracerStatisticsEvent.NAME, "endChunk");
        settings.put("jdk.DataLoss#enabled", "true");
        settings.put("jdk.JVMInformation#enabled", "true");
        settings.put("jdk.JVMInformation#period", "beginChunk");
        if (samplePeriod != null) {
            settings.put("jdk.ExecutionSample#enabled", "true");
            settings.put("jdk.ExecutionSample#period", samplePeriod);
            settings.put("jdk.ExecutionSample#stackTrace", "true");
        }
        Recording r = new Recording(settings);
        r.setName("jtrace");
        r.setToDisk(true);
        r.setMaxSize(0); // no limit: a size cap would silently drop the oldest chunks of the trace
        r.setMaxAge(null);
        r.setDumpOnExit(false);
        r.setDestination(output);
        FlightRecorder.register(TraceBatchEvent.class);
        r.start();
        recording = r;
    }

    private static void enable(Map<String, String> settings, String event, String period) {
        settings.put(event + "#enabled", "true");
        settings.put(event + "#threshold", "0 ms");
        settings.put(event + "#stackTrace", "false");
        if (period != null) settings.put(event + "#period", period);
    }

    /**
     * Call after {@link #start} (which makes JFR register its hook). Once per JVM: a later attach
     * finds JFR's hook already taken and our hook in place, which ends whichever recording is
     * current at exit.
     */
    void installShutdownHook(Instrumentation inst) {
        synchronized (RecordingControl.class) {
            current = this;
            if (hookInstalled) return;
            hookInstalled = true;
            try {
                jfrHook = takeJfrHook(inst);
            } catch (Throwable t) {
                log.log("could not order shutdown after JFR's hook (" + t + "); records buffered at exit may be lost");
            }
            Runtime.getRuntime().addShutdownHook(new Thread(RecordingControl::shutdown, "jtrace-shutdown"));
        }
    }

    private static Thread takeJfrHook(Instrumentation inst) throws Exception {
        Class<?> hooksClass = Class.forName("java.lang.ApplicationShutdownHooks");
        Module javaBase = Object.class.getModule();
        Module self = RecordingControl.class.getModule();
        inst.redefineModule(javaBase, Set.of(), Map.of(), Map.of("java.lang", Set.of(self)), Set.of(), Map.of());
        Field field = hooksClass.getDeclaredField("hooks");
        field.setAccessible(true);
        List<Thread> hooks;
        synchronized (hooksClass) {
            @SuppressWarnings("unchecked")
            IdentityHashMap<Thread, Thread> map = (IdentityHashMap<Thread, Thread>) field.get(null);
            hooks = map == null ? List.of() : new ArrayList<>(map.keySet());
        }
        for (Thread t : hooks) {
            if (JFR_HOOK_NAME.equals(t.getName()) && Runtime.getRuntime().removeShutdownHook(t)) return t;
        }
        throw new IllegalStateException("JFR's shutdown hook not found");
    }

    private static void shutdown() {
        synchronized (WRITING) { // a stop begun on another thread writes its file first
            RecordingControl c;
            synchronized (RecordingControl.class) {
                c = current;
                current = null;
            }
            if (c != null) {
                c.flushAtExit();
                c.stopAndWrite();
            }
            try {
                if (jfrHook != null) jfrHook.run(); // JFR's own shutdown: other recordings, the repository
            } catch (Throwable t) {
                if (c != null) c.log.log("JFR's own shutdown failed: " + t);
            }
            if (c != null) c.restrictPermissions();
        }
        AttachSession.exiting();
    }

    private void flushAtExit() {
        try {
            TraceRuntime.stopAndFlush();
        } catch (Throwable t) {
            log.log("flushing at exit failed: " + t);
        }
        long errors = TraceRuntime.internalErrors();
        if (errors > 0) {
            log.log(errors + " internal error(s) swallowed while tracing; first: " + TraceRuntime.firstInternalError());
        }
    }

    /**
     * Detach: flushes every thread's records, stops the recording (JFR writes the file) and
     * closes it. Returns false if the JVM is already shutting down (its hook writes the file).
     */
    boolean stop() {
        synchronized (WRITING) {
            synchronized (RecordingControl.class) {
                if (current != this) return false;
                current = null;
            }
            flushAtExit();
            stopAndWrite();
            restrictPermissions();
            return true;
        }
    }

    /**
     * Stops the recording and writes its file from the chunks ({@link ChunkCopy}) when it is the
     * only recording running (the repository then holds its chunks alone); otherwise, or if that
     * fails, JFR writes it (its destination stays set until the copy is sure to be tried).
     */
    private void stopAndWrite() {
        try {
            boolean alone = true;
            for (Recording r : FlightRecorder.getFlightRecorder().getRecordings()) {
                if (r != recording && r.getState() == jdk.jfr.RecordingState.RUNNING) alone = false;
            }
            String repository = System.getProperty("jdk.jfr.repository");
            if (!alone || repository == null) {
                recording.stop(); // JFR writes the destination
            } else {
                recording.setDestination(null);
                recording.stop();
                try {
                    ChunkCopy.write(Paths.get(repository), nanos(recording.getStartTime()), nanos(recording.getStopTime()), output);
                } catch (IOException | RuntimeException e) {
                    recording.dump(output); // what it cannot write either is said once, below
                    log.log("copying the chunks failed (" + e + "); JFR wrote the recording instead");
                }
            }
            recording.close();
            if (writtenMarker != null) Files.write(writtenMarker, new byte[0]); // only after a write that succeeded
        } catch (Throwable t) {
            log.log("writing the recording failed: cannot write " + output + ": " + reason(t));
        }
    }

    /**
     * "no such file or directory", not the exception's class name: the line is the user's. The CLI's
     * FileProblems.reason words the same failures; the agent cannot depend on the CLI, so it keeps these few.
     */
    private static String reason(Throwable t) {
        if (t instanceof java.nio.file.NoSuchFileException) return "no such file or directory";
        if (t instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (t instanceof java.nio.file.FileSystemException && ((java.nio.file.FileSystemException) t).getReason() != null) {
            return ((java.nio.file.FileSystemException) t).getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return String.valueOf(t);
    }

    private static long nanos(java.time.Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    Path output() {
        return output;
    }

    /** Whether this recording is still the one running (not stopped by a detach, the disk guard or the exit). */
    boolean running() {
        synchronized (RecordingControl.class) {
            return current == this;
        }
    }

    private void restrictPermissions() {
        try {
            Files.setPosixFilePermissions(output, OWNER_ONLY);
        } catch (Throwable ignored) {
            // best effort (non-POSIX file system, or nothing written)
        }
    }
}
