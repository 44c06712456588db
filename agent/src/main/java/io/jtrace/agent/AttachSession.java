package io.jtrace.agent;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.runtime.TraceRuntime;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Tracing started in a running JVM ({@code jtrace attach}, through {@code agentmain}) and ended
 * by a detach: the matching classes already loaded are retransformed (new calls run the traced
 * code; calls already running keep their original code), and on detach the transformer is
 * removed and those classes retransformed again, so the JVM gets its original bytes back.
 *
 * <p>The agent jar is loaded once per JVM and every later attach calls agentmain again on the
 * same classes: one session at a time, kept here. jtrace and the agent talk through files in
 * jtrace attach's private control directory: {@code attached} once tracing runs (its content:
 * the JFR repository, for {@code --live}), {@code detach} to end it (see {@link #watch}),
 * {@code detached} once the recording is written.
 */
final class AttachSession {
    private static final int RETRANSFORM_BATCH = 64;
    private static final long WATCH_MILLIS = 100;
    /** Set while attached: the control directory, for {@code jtrace detach}. */
    static final String CONTROL_PROPERTY = "jtrace.attach.control";
    /** Guarded by AttachSession.class. */
    private static AttachSession current;

    private final Instrumentation inst;
    private final TraceTransformer transformer;
    private final RecordingControl recording;
    private final AgentLog log;
    private final Path control;
    /** The hook in java.lang.Thread (null if not in place): taken out on detach. */
    private final UncaughtDispatch uncaught;

    /** The jtrace attach process as {@code PID:START}, or null: see {@link AgentOptions#attacher}. */
    private final String attacher;

    private AttachSession(Instrumentation inst, TraceTransformer transformer, RecordingControl recording, AgentLog log,
                          Path control, String attacher, UncaughtDispatch uncaught) {
        this.inst = inst;
        this.attacher = attacher;
        this.uncaught = uncaught;
        this.transformer = transformer;
        this.recording = recording;
        this.log = log;
        this.control = control;
    }

    static synchronized boolean isAttached() {
        return current != null;
    }

    /** Tracing runs: remembers it and instruments the matching classes already loaded. */
    static synchronized void started(Instrumentation inst, TraceTransformer transformer, RecordingControl recording,
                                     AgentLog log, AgentOptions options, MethodFilter filter, UncaughtDispatch uncaught) {
        AttachSession s = new AttachSession(inst, transformer, recording, log,
                options.control == null ? null : Paths.get(options.control), options.attacher, uncaught);
        current = s;
        List<Class<?>> candidates = s.loadedCandidates(filter);
        List<Class<?>> failed = s.retransform(candidates, "instrument");
        int changed = 0; // what the CLI reports as instrumented: rewritten, and taken by the JVM
        for (Class<?> c : candidates) if (transformer.changed(c) && !failed.contains(c)) changed++;
        s.signal("attached", System.getProperty("jdk.jfr.repository", "") + "\n" + changed + "\n");
        if (s.control != null) {
            System.setProperty(CONTROL_PROPERTY, s.control.toString());
            Thread watcher = new Thread(s::watch, "jtrace-attach-control");
            watcher.setDaemon(true);
            watcher.start();
        }
    }

    /**
     * Detaches when jtrace asks (a {@code detach} file in the control directory: written by
     * {@code jtrace attach} at its end, or by {@code jtrace detach}, which finds the directory in
     * the system property {@value #CONTROL_PROPERTY} without loading an agent, so the JVM prints
     * no second "agent loaded" warning) or when the directory is gone ({@code jtrace attach} was
     * killed: tracing must not go on forever).
     */
    private void watch() {
        Path request = control.resolve("detach");
        while (true) {
            try {
                Thread.sleep(WATCH_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (AttachSession.class) {
                if (current != this) return;
            }
            if (Files.exists(request) || !Files.isDirectory(control)) {
                detach(null);
                return;
            }
            if (attacherGone()) { // killed (SIGKILL leaves its directory): end, write the recording, tidy up for it
                detach(null);
                deleteControlDirectory();
                return;
            }
        }
    }

    /** Whether the jtrace attach that started this session no longer runs (its pid gone, or another process's now). */
    private boolean attacherGone() {
        if (attacher == null) return false;
        try {
            int colon = attacher.indexOf(':');
            long pid = Long.parseLong(attacher.substring(0, colon));
            long start = Long.parseLong(attacher.substring(colon + 1));
            java.util.Optional<ProcessHandle> p = ProcessHandle.of(pid);
            if (p.isEmpty() || !p.get().isAlive()) return true;
            if (start == 0) return false; // its start was not known: the pid alone says it runs
            // the pid taken by another process since: its start is not the attacher's
            return p.get().info().startInstant().map(i -> Math.abs(i.toEpochMilli() - start) > 2_000).orElse(false);
        } catch (RuntimeException e) {
            return false; // cannot tell: the control directory still decides
        }
    }

    /** The control directory of a killed jtrace attach: its files, then itself (best effort). */
    private void deleteControlDirectory() {
        try (java.util.stream.Stream<Path> files = Files.list(control)) {
            files.forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (java.io.IOException ignored) {
                    // left
                }
            });
            Files.deleteIfExists(control);
        } catch (java.io.IOException | RuntimeException ignored) {
            // left for whoever looks
        }
    }

    /** Ends the session (asked through the control directory, or by agentmain's {@code detach} option); {@code requester}: where to say so, or null. */
    static void detach(AgentLog requester) {
        AttachSession s;
        synchronized (AttachSession.class) {
            s = current;
            current = null;
        }
        if (s == null) {
            if (requester != null) requester.log("not attached: nothing to detach");
            return;
        }
        System.clearProperty(CONTROL_PROPERTY);
        s.end();
        if (requester != null) requester.log("detached; the recording is " + s.recording.output());
    }

    private void end() {
        boolean written = false;
        try {
            TraceRuntime.stopAndFlush();
            inst.removeTransformer(transformer);
            UncaughtDispatch.remove(inst, uncaught, log);
            List<Class<?>> restore = new ArrayList<>();
            for (Class<?> c : inst.getAllLoadedClasses()) {
                if (transformer.changed(c) && inst.isModifiableClass(c)) restore.add(c);
            }
            retransform(restore, "restore");
            written = recording.stop();
        } catch (Throwable t) {
            log.log("detaching failed: " + t);
        } finally {
            signal("detached", written ? recording.output() + "\n" : "\n");
        }
    }

    /**
     * Loaded classes the transformer may change: not the JDK's or jtrace's, and none that the
     * filter can select no method of (with {@code --include}, a large application is not
     * retransformed whole for one package; the rule is the one class loading goes by,
     * {@link MethodFilter#mayMatchClass}).
     */
    private List<Class<?>> loadedCandidates(MethodFilter filter) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            try {
                if (!inst.isModifiableClass(c) || !transformer.mayChange(c) || !filter.mayMatchClass(c.getName())) continue;
                out.add(c);
            } catch (Throwable t) {
                // a class that cannot even be named: leave it
            }
        }
        return out;
    }

    /**
     * Retransforms in batches; a batch that fails (one class's verify error fails them all) is
     * retried class by class, so one bad class leaves only itself untraced. Returns the classes
     * the JVM refused.
     */
    private List<Class<?>> retransform(List<Class<?>> classes, String what) {
        List<Class<?>> failed = new ArrayList<>();
        for (int i = 0; i < classes.size(); i += RETRANSFORM_BATCH) {
            List<Class<?>> batch = classes.subList(i, Math.min(classes.size(), i + RETRANSFORM_BATCH));
            try {
                inst.retransformClasses(batch.toArray(new Class<?>[0]));
            } catch (Throwable batchFailed) {
                for (Class<?> c : batch) {
                    try {
                        inst.retransformClasses(c);
                    } catch (Throwable t) {
                        failed.add(c);
                        log.log("could not " + what + " " + c.getName() + ": " + t);
                    }
                }
            }
        }
        return failed;
    }

    /** Writes {@code name} into the control directory (atomically: the CLI polls for it). */
    private void signal(String name, String content) {
        if (control == null) return;
        try {
            Path tmp = control.resolve(name + ".tmp");
            Files.write(tmp, content.getBytes(StandardCharsets.UTF_8));
            Files.move(tmp, control.resolve(name), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            log.log("cannot tell jtrace attach that tracing " + name + ": " + e);
        }
    }

    /** At exit while attached: our shutdown hook writes the recording; tell the CLI once it is done. */
    static void exiting() {
        AttachSession s;
        synchronized (AttachSession.class) {
            s = current;
            current = null;
        }
        if (s != null) s.signal("detached", s.recording.output() + "\n");
        System.clearProperty(CONTROL_PROPERTY);
    }
}
