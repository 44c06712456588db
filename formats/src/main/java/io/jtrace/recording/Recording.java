package io.jtrace.recording;

import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.text.Printable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One recording opened for reading: the start of the library's public face (docs/design.md, "The
 * public face"), the way {@code jdk.jfr.consumer.RecordingFile} sits over the JDK's chunk
 * parser. It reads the file once into its {@link TraceIndex} (definitions, threads, where each
 * thread's batches are; payloads stay in the file) and says what was recorded; reports replay it
 * through {@link io.jtrace.replay.Replay} or step through a thread with {@link io.jtrace.replay.ThreadTimeline#of}.
 */
public final class Recording implements AutoCloseable {
    private final Path file;
    private final TraceIndex index;
    private final Recorded recorded;

    private Recording(Path file, TraceIndex index) {
        this.file = file;
        this.index = index;
        this.recorded = Recorded.of(index);
    }

    /**
     * Reads {@code file}; {@code progress} (may be null) is told the fraction read. Throws
     * {@link io.jtrace.read.UnreadableRecordingException} (one line naming the file) if it is not a
     * readable recording.
     */
    public static Recording open(Path file, DoubleConsumer progress) throws IOException {
        return new Recording(file, TraceReader.read(file, progress));
    }

    /** Wraps an index already read (a front end that reads with its own progress and warnings). */
    public static Recording of(TraceIndex index) {
        return new Recording(index.file(), index);
    }

    /** Opens every file, in order; if one fails, those already open are closed. */
    public static List<Recording> openAll(List<Path> files, DoubleConsumer progress) throws IOException {
        List<Recording> open = new ArrayList<>(files.size());
        try {
            for (Path f : files) open.add(open(f, progress));
            return open;
        } catch (IOException | RuntimeException e) {
            for (Recording r : open) {
                try {
                    r.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    public Path file() {
        return file;
    }

    public TraceIndex index() {
        return index;
    }

    /** Which kinds of events the tracer recorded. */
    public Recorded recorded() {
        return recorded;
    }

    /** Every traced thread, in order of its first record. */
    public List<ThreadInfo> threads() {
        return index.threads();
    }

    /** The threads {@code selection} selects, in order. */
    public List<ThreadInfo> threads(Selection selection) {
        List<ThreadInfo> shown = new ArrayList<>();
        for (ThreadInfo t : index.threads()) if (selection.threads().test(t)) shown.add(t);
        return shown;
    }

    /**
     * The threads {@code patterns} select ({@link Selection#threadPatterns}), in order; patterns
     * that match no thread are a {@link ReportException} naming the threads there are.
     */
    public List<ThreadInfo> threads(List<String> patterns) {
        Predicate<ThreadInfo> filter = Selection.threadPatterns(patterns);
        List<ThreadInfo> shown = new ArrayList<>();
        for (ThreadInfo t : index.threads()) if (filter.test(t)) shown.add(t);
        if (shown.isEmpty() && patterns != null && !patterns.isEmpty()) {
            throw new ReportException("no thread matches " + String.join(", ", patterns) + "; threads in " + file.getFileName() + ": "
                    + index.threads().stream().map(t -> Printable.text(t.label())).distinct().limit(12).collect(Collectors.joining(", ")));
        }
        return shown;
    }

    @Override
    public void close() throws IOException {
        index.close();
    }
}
