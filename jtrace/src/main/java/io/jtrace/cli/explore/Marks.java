package io.jtrace.cli.explore;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Bookmarks kept beside the recording, in {@code FILE.marks} (a properties file: name = thread id
 * and event number), so a second session, or a colleague given both files, finds them.
 */
final class Marks {
    /** Where a bookmark points. */
    record Mark(long threadId, long event) {}

    private final Path store;
    private final Map<String, Mark> marks = new TreeMap<>();

    Marks(Path recording) {
        this.store = recording.resolveSibling(recording.getFileName() + ".marks");
        if (!Files.isRegularFile(store)) return;
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(store, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            return; // unreadable bookmarks are not a reason to refuse the recording
        }
        for (String name : p.stringPropertyNames()) {
            String[] parts = p.getProperty(name).trim().split(":");
            try {
                if (parts.length == 2) marks.put(name, new Mark(Long.parseLong(parts[0]), Long.parseLong(parts[1])));
            } catch (NumberFormatException e) {
                // skip a line someone edited by hand
            }
        }
    }

    Path store() {
        return store;
    }

    Mark get(String name) {
        Mark m = marks.get(name);
        if (m == null) {
            throw new ShellError("no bookmark '" + name + "'" + (marks.isEmpty() ? " (set one with 'mark NAME')"
                    : " (bookmarks: " + String.join(", ", marks.keySet()) + ")"));
        }
        return m;
    }

    Map<String, Mark> all() {
        return marks;
    }

    void put(String name, Mark mark) {
        if (!name.matches("[A-Za-z0-9_.-]+")) throw new ShellError("a bookmark name is letters, digits, '_', '.' or '-', not '" + name + "'");
        marks.put(name, mark);
        Properties p = new Properties();
        marks.forEach((k, v) -> p.setProperty(k, v.threadId() + ":" + v.event()));
        try (Writer w = Files.newBufferedWriter(store, StandardCharsets.UTF_8)) {
            p.store(w, "jtrace explore bookmarks: name = thread id:event number (from 0)");
        } catch (IOException e) {
            marks.remove(name);
            throw new ShellError("cannot save bookmarks to " + store + ": " + io.jtrace.cli.FileProblems.reason(e));
        }
    }
}
