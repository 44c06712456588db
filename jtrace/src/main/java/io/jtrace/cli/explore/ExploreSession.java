package io.jtrace.cli.explore;

import io.jtrace.format.Ansi;
import io.jtrace.history.HistoryCursor;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.text.Printable;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What one explore shell holds between commands: the open recording, the thread and cursor, the
 * session's filters, bookmarks, the last search (for fn/fp) and the exception being followed.
 */
final class ExploreSession implements AutoCloseable {
    /** The recording shown; with --against, {@link #swap} shows the other one in its place. */
    TraceIndex index;
    Path file;
    final Ansi ansi;
    /** How events and stacks are shown. */
    final EventText text;
    Histories histories;
    final SessionFilters filters = new SessionFilters();
    Marks marks;
    /** {@code explore B --against A}: the other recording and the divergences; null without. */
    Comparison comparison;
    final CommandTable commands = new CommandTable();
    private ThreadInfo thread;
    private HistoryCursor cursor;
    /** The frame chosen by up/down/frame at one cursor position; moving the cursor lets it go. */
    private record FrameChoice(ThreadInfo thread, long number, int depth) {}

    private FrameChoice frameChoice;
    /** Every exception journey's start, indexed on the first 'exc' (one replay of the recording). */
    private io.jtrace.history.JourneyIndex journeys;
    /** Where a long first-time indexing says what it is doing: the terminal's error stream, or null in a script. */
    java.io.PrintWriter progress;
    /** The last search, repeated by fn/fp. */
    Search lastSearch;
    /** The exception whose journey {@code step} follows after {@code exc N}; null when not following one. */
    ExceptionRef followed;
    long followedNumber;

    ExploreSession(TraceIndex index, Path file, Ansi ansi, boolean times) {
        this.index = index;
        this.file = file;
        this.ansi = ansi;
        this.text = new EventText(ansi, times);
        this.histories = new Histories(index);
        this.marks = new Marks(file);
    }

    /** Starts on the main thread (else the busiest) and indexes the other threads in the background. */
    void start() {
        List<ThreadInfo> threads = index.threads();
        if (threads.isEmpty()) return;
        ThreadInfo first = threads.stream().filter(t -> "main".equals(t.name())).findFirst()
                .orElse(threads.stream().max(Comparator.comparingLong(index::recordsOf)).orElseThrow());
        select(first);
        histories.prepare(threads.stream().filter(t -> !t.equals(first))
                .sorted(Comparator.comparingLong(index::recordsOf).reversed()).toList());
    }

    ThreadInfo thread() {
        if (thread == null) throw new ShellError("the recording has no traced threads");
        return thread;
    }

    HistoryCursor cursor() {
        thread();
        return cursor;
    }

    ThreadHistory history() {
        return cursor().history();
    }

    /**
     * The depth of the frame that locals, args, ret and where answer for: the one up/down/frame
     * chose, while the cursor has not moved since; else the cursor's frame (-1 outside every frame).
     */
    int selectedDepth() {
        HistoryCursor c = cursor();
        FrameChoice f = frameChoice;
        if (f != null && f.thread().equals(thread) && f.number() == c.number() && f.depth() <= c.frameDepth()) return f.depth();
        return c.frameDepth();
    }

    /** Chooses the frame at {@code depth} (0 outermost) at the cursor, without moving it. */
    void selectFrame(int depth) {
        frameChoice = new FrameChoice(thread(), cursor().number(), depth);
    }

    /** The exception journeys, indexed once: the first call replays every thread (Ctrl-C stops it, to be tried again). */
    io.jtrace.history.JourneyIndex journeys() throws java.io.IOException {
        if (journeys == null) {
            if (progress != null) {
                progress.print("indexing the recording's exceptions (once; Ctrl-C stops)...");
                progress.flush();
            }
            try {
                journeys = io.jtrace.history.JourneyIndex.build(index);
            } finally {
                if (progress != null) {
                    progress.print("\r\u001b[K");
                    progress.flush();
                }
            }
        }
        return journeys;
    }

    /** Makes {@code t} the current thread, with the cursor on its first event. */
    void select(ThreadInfo t) {
        ThreadHistory h = histories.of(t);
        if (!h.exists(0)) throw new ShellError("thread " + label(t) + " has no events");
        thread = t;
        cursor = new HistoryCursor(h, 0);
        followed = null;
    }

    /** The thread whose name or id is {@code word}, or an error naming threads that are close. */
    ThreadInfo threadNamed(String word) {
        List<ThreadInfo> threads = index.threads();
        for (ThreadInfo t : threads) if (t.label().equals(word) || Long.toString(t.id()).equals(word)) return t;
        List<ThreadInfo> prefixed = threads.stream().filter(t -> t.label().startsWith(word)).toList();
        if (prefixed.size() == 1) return prefixed.get(0);
        if (prefixed.size() > 1) {
            throw new ShellError("thread '" + word + "' is ambiguous: " + String.join(", ",
                    prefixed.stream().map(ExploreSession::label).distinct().sorted().limit(6).toList()) + (prefixed.size() > 6 ? ", ..." : ""));
        }
        List<String> close = threads.stream().map(ExploreSession::label)
                .filter(n -> n.toLowerCase(Locale.ROOT).contains(word.toLowerCase(Locale.ROOT)) || io.jtrace.cli.Main.close(word, n))
                .distinct().limit(6).toList();
        throw new ShellError("no thread '" + word + "'" + (close.isEmpty() ? " (type 'threads' for the list)"
                : " (did you mean " + String.join(" or ", close) + "?)"));
    }

    static String label(ThreadInfo t) {
        return Printable.text(t.label());
    }

    /**
     * What the session holds of one recording (the cursor, the searches, the journeys), set aside
     * while the other recording of {@code --against} is shown.
     */
    static final class Side {
        private TraceIndex index;
        private Path file;
        private Histories histories;
        private Marks marks;
        private ThreadInfo thread;
        private HistoryCursor cursor;
        private FrameChoice frameChoice;
        private io.jtrace.history.JourneyIndex journeys;
        private Search lastSearch;
        private ExceptionRef followed;
        private long followedNumber;

        Path file() {
            return file;
        }

        /** A recording not shown yet: no thread chosen. */
        Side(TraceIndex index, Path file) {
            this.index = index;
            this.file = file;
            this.histories = new Histories(index);
            this.marks = new Marks(file);
        }

        private Side() {}

        TraceIndex index() {
            return index;
        }

        ThreadInfo thread() {
            return thread;
        }

        void close() {
            histories.close();
        }
    }

    /** The recordings this session reads: the one shown and, with --against, the other. */
    java.util.List<Path> recordings() {
        return comparison == null ? java.util.List.of(file) : java.util.List.of(file, comparison.setAsideFile());
    }

    /** Shows {@code other}'s recording, with its cursor, in place of this one; returns this one's, set aside. */
    Side swap(Side other) {
        Side mine = new Side();
        mine.index = index;
        mine.file = file;
        mine.histories = histories;
        mine.marks = marks;
        mine.thread = thread;
        mine.cursor = cursor;
        mine.frameChoice = frameChoice;
        mine.journeys = journeys;
        mine.lastSearch = lastSearch;
        mine.followed = followed;
        mine.followedNumber = followedNumber;
        index = other.index;
        file = other.file;
        histories = other.histories;
        marks = other.marks;
        thread = other.thread;
        cursor = other.cursor;
        frameChoice = other.frameChoice;
        journeys = other.journeys;
        lastSearch = other.lastSearch;
        followed = other.followed;
        followedNumber = other.followedNumber;
        histories.prepareAll(); // shown for the first time: its threads indexed in the background, as at the start
        return mine;
    }

    /** {@code [customer-2 #1843 d3 bank.Bank.transfer]> }; with --against, {@code [B main #12 ...]> } (the side shown). */
    String prompt() {
        String side = comparison == null ? "" : comparison.sideShown() + " ";
        if (thread == null) return "[" + side + "no threads]> ";
        ThreadHistory.Frame f = cursor.frame();
        String where = label(thread) + " #" + (cursor.number() + 1) + " d" + Math.max(0, cursor.frameDepth())
                + (f == null ? "" : " " + Printable.text(f.method().qualifiedName()));
        return "[" + side + where + "]> ";
    }

    @Override
    public void close() {
        histories.close();
        if (comparison != null) comparison.close();
    }
}
