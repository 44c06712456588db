package io.jtrace.cli.live;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.format.TextTraceWriter;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.replay.LiveReplay;
import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordedEvent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@code --live}: the trace in the {@code print} format while the program runs, read from the
 * JFR repository the recording is written to (JFR streaming, JEP 349: the repository is flushed
 * about once a second, and the tracer hands each running thread's records to JFR as often).
 * Everything runs on jtrace's side: the program only writes its recording as it would anyway,
 * and lines the terminal cannot take fast enough are dropped (see {@link DroppingLines}).
 */
public final class LiveTrace implements AutoCloseable {
    private final DroppingLines lines;
    private final TextTraceWriter writer;
    private final LiveReplay replay;
    private final Thread opener;
    private volatile EventStream stream;
    private volatile boolean closed;

    /**
     * {@code repository}: polled until it names the directory JFR writes chunks to (null while
     * unknown); {@code from}: events before are skipped; {@code view}: the print-time filters
     * around the writer's visitor.
     */
    public LiveTrace(Supplier<Path> repository, Instant from, OutputStream out, TextTraceWriter.Options options,
                     Predicate<ThreadInfo> threads, Function<CallVisitor, CallVisitor> view) {
        this.lines = new DroppingLines(out, 8192);
        this.writer = new TextTraceWriter(lines, StandardCharsets.UTF_8, options);
        io.jtrace.replay.CurrentValues values = new io.jtrace.replay.CurrentValues();
        this.replay = new LiveReplay(new ThreadSelection(threads, view.apply(writer.visitor(values))), values);
        this.opener = new Thread(() -> open(repository, from), "jtrace-live");
        opener.setDaemon(true);
        opener.start();
    }

    private void open(Supplier<Path> repository, Instant from) {
        try {
            Path dir;
            while ((dir = repository.get()) == null || !hasChunk(dir)) {
                if (closed) return;
                Thread.sleep(100);
            }
            EventStream s = EventStream.openRepository(dir);
            s.setStartTime(from);
            s.onEvent(MethodDefinitionEvent.NAME, e -> replay.method(e.getInt("methodId"), e.getString("className"),
                    e.getString("methodName"), e.getString("descriptor"), e.getString("sourceFile"), e.getInt("line"),
                    e.getInt("modifiers")));
            s.onEvent(TypeDefinitionEvent.NAME, e -> replay.type(e.getInt("typeId"), e.getString("typeName"), e.getString("superTypes")));
            s.onEvent(VariableDefinitionEvent.NAME, e -> replay.variable(e.getInt("siteId"), e.getInt("methodId"),
                    e.getString("kind"), e.getString("name"), e.getString("type"), e.getInt("slot"), e.getString("ownerClass"),
                    e.getInt("line"), e.getBoolean("write"), e.getBoolean("redacted")));
            s.onEvent(SessionEvent.NAME, e -> replay.session(e.getLong("nanoOrigin")));
            s.onEvent(TraceBatchEvent.NAME, this::batch);
            s.onFlush(() -> {
                replay.flush();
                writer.end();
            });
            synchronized (this) {
                if (closed) {
                    s.close();
                    return;
                }
                stream = s;
            }
            s.startAsync();
        } catch (InterruptedException e) {
            // closed before the repository appeared
        } catch (IOException | RuntimeException e) {
            System.err.println("jtrace: warning: the live view stopped: " + e.getMessage());
        }
    }

    private static boolean hasChunk(Path dir) {
        try (var files = Files.list(dir)) {
            return files.anyMatch(p -> p.toString().endsWith(".jfr"));
        } catch (IOException e) {
            return false;
        }
    }

    private void batch(RecordedEvent e) {
        String payload = e.getString("payload");
        replay.batch(e.getLong("threadId"), e.getString("threadName"), e.getBoolean("virtualThread"), e.getLong("sequence"),
                e.getLong("baseNanos"), e.getInt("startDepth"), payload == null ? new byte[0] : payload.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Stops reading and prints what is still queued. */
    @Override
    public void close() throws IOException {
        close(false);
    }

    /** {@code oneMoreFlush}: first waits for the repository's next flush (the program runs on: attach). */
    public void close(boolean oneMoreFlush) throws IOException {
        EventStream s;
        synchronized (this) {
            closed = true;
            s = stream;
        }
        opener.interrupt();
        if (s != null && oneMoreFlush) {
            try {
                Thread.sleep(1500); // one more flush of the repository
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (s != null) s.close();
        writer.end();
        lines.close();
    }

    /** Only the threads asked for ({@code --thread}). */
    private static final class ThreadSelection implements CallVisitor {
        private final Predicate<ThreadInfo> threads;
        private final CallVisitor next;

        ThreadSelection(Predicate<ThreadInfo> threads, CallVisitor next) {
            this.threads = threads;
            this.next = next;
        }

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            if (threads.test(thread)) next.enter(thread, nanos, depth, method);
        }

        @Override
        public void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            if (threads.test(thread)) next.enteredBeforeTracing(thread, nanos, depth, method);
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            if (threads.test(thread)) next.exit(thread, nanos, depth, method, durationNanos, kind, exception);
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            if (threads.test(thread)) next.call(thread, nanos, depth, method, durationNanos, kind, exception);
        }

        @Override
        public void other(TraceEvent e) {
            if (threads.test(e.thread())) next.other(e);
        }
    }
}
