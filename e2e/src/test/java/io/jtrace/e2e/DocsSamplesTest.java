package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The samples of README.md and docs/*.md come from real runs: every {@code $ jtrace ...} line of a
 * code block is run as written (in a directory of its own, its {@code run} lines recording the
 * examples as the page does), and each output line the page shows must be a line of the real
 * output. Times, sizes and identity hashes differ from run to run, and so do the counts that
 * depend on how the threads met; so a line is compared by its words, and its numbers only where
 * the real runs agree (101 calls of Bank.transfer, a variable's 2000 writes): a sample the first
 * run does not give as shown is run again from fresh recordings (twice for a line, four times for
 * a number), as two runs of every sample did before at twice the time. Lines the page
 * elides ({@code ...}) and the program's own output are not compared. Like the man page's check
 * (DocsInSyncTest), it fails when a page drifts from the program; the message gives the real output.
 */
class DocsSamplesTest {
    @TempDir
    Path dir;

    /** Commands a test cannot run as written: another program (jmc), files the page only imagines, a terminal. */
    private static final Pattern NOT_RUN = Pattern.compile("jmc |host1/|^jtrace explore \\S+$|^jtrace install|jtrace attach|jtrace ps");
    private static final Pattern IDENTITY = Pattern.compile("@[0-9a-f]{4,16}\\b");
    private static final Pattern DURATION = Pattern.compile("(\\d[\\d,]*(?:\\.\\d+)?) ?(?:ns|us|\u00b5s|ms|s|min)\\b");
    private static final Pattern LIMITS = Pattern.compile(" --top \\d+| LIMIT \\d+");
    /** A number with its sign, if it has one (a delta: -13.1 ms in one run may be +40.6 us in the next). */
    private static final Pattern NUMBER = Pattern.compile("(?:(?<![\\w.])[+-])?\\d[\\d,]*(?:\\.\\d+)?");

    record Sample(Path page, int line, String command, List<String> shown) {}

    @Test
    void everySampleMatchesARealRun() throws Exception {
        List<Path> pages = new ArrayList<>(List.of(Jtrace.root().resolve("README.md")));
        try (Stream<Path> docs = Files.list(Jtrace.root().resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> failures = new ArrayList<>();
        int found = 0;
        int compared = 0;
        for (Path page : pages) {
            List<Sample> samples = samplesOf(page);
            found += samples.size();
            if (samples.stream().allMatch(s -> NOT_RUN.matcher(s.command()).find())) continue;
            // independent runs of the page's commands, each from the recordings a reader makes first: one,
            // and more only for a sample the first does not give (a second replays the page's earlier commands)
            List<Path> runs = new ArrayList<>(List.of(start(page, 0)));
            for (int i = 0; i < samples.size(); i++) {
                Sample s = samples.get(i);
                if (NOT_RUN.matcher(s.command()).find()) continue;
                String missing = missingInput(runs.get(0), s.command());
                if (missing != null) {
                    // an excerpt whose recording the page does not show how to make: it cannot be run as written
                    System.out.println("DOCS SAMPLE not run: " + s.page().getFileName() + ":" + s.line() + " reads " + missing
                            + ", which no earlier command of its page makes");
                    continue;
                }
                List<List<String>> outputs = new ArrayList<>();
                for (Path run : runs) outputs.add(output(run, s.command()));
                compared++;
                String problem = compare(s.shown(), outputs);
                // a line no run gives fails after two runs; a number the runs agree on may still hang on how the
                // threads met (refused transfers): it counts only if four runs, from fresh recordings, give it
                while (problem != null && runs.size() < (problem.contains(" where every real run gives ") ? 4 : 2)) {
                    Path more = start(page, runs.size());
                    for (Sample earlier : samples.subList(0, i)) if (!NOT_RUN.matcher(earlier.command()).find()) sh(more, earlier.command());
                    runs.add(more);
                    outputs.add(output(more, s.command()));
                    problem = compare(s.shown(), outputs);
                }
                if (problem != null) {
                    failures.add(s.page().getFileName() + ":" + s.line() + " $ " + s.command() + "\n  " + problem
                            + "\n  a real run gives:\n    " + String.join("\n    ", outputs.get(0)));
                }
            }
        }
        assertTrue(found > 20, "found only " + found + " samples");
        assertTrue(compared > 15, "compared only " + compared + " samples");
        assertTrue(failures.isEmpty(), failures.size() + " sample(s) differ from what the program gives:\n" + String.join("\n", failures));
    }

    /** A delta's sign is a number's, not a word: it flips with timing (the CI run of 2026-11-27 13:59). */
    @Test
    void signedDeltasAreComparedAsNumbers() {
        List<String> shown = List.of("       40        39       -1     13.3 ms     134 us    -13.1 ms (-99.0%)  diverge.Orders.standard(int)");
        List<String> real = List.of("       40        39       -1      124 us     165 us    +40.6 us (+32.7%)  diverge.Orders.standard(int)");
        List<String> other = List.of("       40        39       -1      131 us     102 us    -29.0 us (-22.1%)  diverge.Orders.standard(int)");
        assertNull(compare(shown, List.of(real, other)));
        // a number every run agrees on still counts, sign included
        assertNotNull(compare(List.of("       40        39       +1      124 us  x"), List.of(List.of("       40        39       -1      124 us  x"))));
        // a hyphen inside a word is no sign: pool-1-thread-2 is not pool, -1, -thread, -2
        assertNull(compare(List.of("pool-1-thread-2 ran"), List.of(List.of("pool-3-thread-4 ran"), List.of("pool-5-thread-6 ran"))));
    }

    /** A tree drawn with its children in another order (their times) is the same sample. */
    @Test
    void treeBranchesAreComparedWhateverTheChildrenOrder() {
        List<String> shown = List.of("    +---[76.1% 25.5 ms] bank.Main.main(String[])  1 call, self 24.0 ms",
                "    |   `---[12.4% 2.82 ms] bank.Bank.open(String, long)  6 calls, self 2.81 ms");
        List<String> real = List.of("    `---[48.8% 22.8 ms] bank.Main.main(String[])  1 call, self 19.9 ms",
                "        +---[12.4% 2.82 ms] bank.Bank.open(String, long)  6 calls, self 2.81 ms");
        List<String> other = List.of("    `---[51.0% 23.1 ms] bank.Main.main(String[])  1 call, self 20.2 ms",
                "        +---[11.9% 2.75 ms] bank.Bank.open(String, long)  6 calls, self 2.74 ms");
        assertNull(compare(shown, List.of(real, other)));
        // the depth still counts
        assertNotNull(compare(List.of("+---[48.8% 22.8 ms] bank.Main.main(String[])  1 call, self 19.9 ms"),
                List.of(List.of("    `---[48.8% 22.8 ms] bank.Main.main(String[])  1 call, self 19.9 ms"))));
    }

    private static final Pattern INPUT = Pattern.compile("(?<!-o )(?<![\\w/.-])([\\w./-]+\\.jfr)\\b");

    /** A recording {@code command} reads (not the one it writes with -o) that is not in {@code run}; null if none. */
    static String missingInput(Path run, String command) {
        Matcher m = INPUT.matcher(command);
        while (m.find()) if (!Files.exists(run.resolve(m.group(1)))) return m.group(1);
        return null;
    }

    /** Recordings a reader makes first (bank.jfr, history.jfr), one set for each run. */
    private final Map<Integer, Path> recorded = new HashMap<>();

    /** A directory for one run of {@code page}'s commands, holding the recordings its reader has made before. */
    private Path start(Path page, int run) throws IOException {
        Path base = recorded.get(run);
        if (base == null) {
            base = Files.createDirectories(dir.resolve("recorded-" + run));
            sh(base, "jtrace run -o bank.jfr -- java -cp examples/target/classes bank.Main");
            sh(base, "jtrace run -o history.jfr --vars 'vars.History.**' -- java -cp examples/target/classes vars.History");
            recorded.put(run, base);
        }
        Path d = Files.createDirectories(dir.resolve(run + "-" + page.getFileName()));
        for (String name : List.of("bank.jfr", "history.jfr")) Files.copy(base.resolve(name), d.resolve(name));
        return d;
    }

    /**
     * What {@code command} prints in {@code run}. Which rows a --top or a LIMIT shows depends on
     * timing (the longest calls): a row the page shows is looked for among all of them too.
     */
    private static List<String> output(Path run, String command) {
        List<String> out = sh(run, command);
        String unlimited = LIMITS.matcher(command).replaceAll("");
        return unlimited.equals(command) ? out : union(out, sh(run, unlimited));
    }

    /** The sample's lines (the shown output of each {@code $ jtrace} line of a fenced block). */
    static List<Sample> samplesOf(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page);
        List<Sample> samples = new ArrayList<>();
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced || !l.startsWith("$ jtrace ")) continue;
            StringBuilder command = new StringBuilder(l.substring(2));
            int j = i + 1;
            // a quoted argument going on over lines (an SQL statement) is one command
            while (quotes(command) % 2 == 1 && j < lines.size()) command.append(' ').append(lines.get(j++).strip());
            List<String> shown = new ArrayList<>();
            for (; j < lines.size() && !lines.get(j).startsWith("$ ") && !lines.get(j).startsWith("```"); j++) shown.add(lines.get(j));
            samples.add(new Sample(page, i + 1, command.toString(), shown));
        }
        return samples;
    }

    private static int quotes(CharSequence s) {
        return (int) s.chars().filter(c -> c == '"').count();
    }

    /**
     * Null if every shown line is a line of some real output by its words, and by the numbers
     * every run agrees on; else what differs.
     */
    static String compare(List<String> shown, List<List<String>> outputs) {
        List<Map<String, List<List<String>>>> runs = outputs.stream().map(DocsSamplesTest::byWords).toList();
        for (String line : shown) {
            String s = normal(line);
            if (s.isEmpty() || s.equals("...") || s.startsWith("...the program")) continue;
            String words = words(s);
            if (runs.stream().noneMatch(r -> r.containsKey(words))) {
                return "no such line in any of " + runs.size() + " real runs: '" + line + "'";
            }
            if (runs.stream().anyMatch(r -> r.get(words) == null || r.get(words).size() != 1)) continue;
            List<String> mine = numbers(s);
            List<String> first = runs.get(0).get(words).get(0);
            for (int k = 0; k < mine.size(); k++) {
                int at = k;
                boolean agreed = runs.stream().allMatch(r -> r.get(words).get(0).get(at).equals(first.get(at)));
                if (agreed && !first.get(k).equals(mine.get(k))) {
                    return "'" + line + "': " + mine.get(k) + " where every real run gives " + first.get(k);
                }
            }
        }
        return null;
    }

    private static Map<String, List<List<String>>> byWords(List<String> output) {
        Map<String, List<List<String>>> m = new HashMap<>();
        for (String line : output) {
            String s = normal(line);
            m.computeIfAbsent(words(s), k -> new ArrayList<>()).add(numbers(s));
        }
        return m;
    }

    /** Identity hashes and time units out (2.54 ms or 38.4 us: a time), runs of spaces and of dashes (column widths) as one. */
    private static String normal(String line) {
        return DURATION.matcher(IDENTITY.matcher(treeBranch(line)).replaceAll("@ID")).replaceAll("$1 <time>").replaceAll("-{2,}", "--").replaceAll("\\s+", " ").strip();
    }

    /** A call tree's branch glyphs before a node, four characters a level: {@code |   +---}, {@code     `---}. */
    private static final Pattern TREE_BRANCH = Pattern.compile("^[ |]*[+`]-{3}");

    /**
     * A tree line's branch glyphs as its depth alone: which child is drawn last ({@code `---} against
     * {@code +---}, and the {@code |} beneath it) follows the children's times, which order them
     * (the CI run of 2026-11-28 02:12: bank.Main.main and the customers' threads swapped places).
     */
    static String treeBranch(String line) {
        Matcher m = TREE_BRANCH.matcher(line);
        return m.find() ? "`---".repeat(m.group().length() / 4) + line.substring(m.end()) : line;
    }

    private static String words(String s) {
        return NUMBER.matcher(s).replaceAll("#");
    }

    private static List<String> numbers(String s) {
        List<String> n = new ArrayList<>();
        Matcher m = NUMBER.matcher(s);
        while (m.find()) n.add(m.group());
        return n;
    }

    /** Runs {@code command} as the page's reader would, in {@code dir}: jtrace and java on the PATH, the examples built. */
    private static List<String> sh(Path dir, String command) {
        String cmd = command.replace("examples/target/classes", Jtrace.examplesClassPath());
        String path = Jtrace.executable().getParent() + ":" + Jdk.current().java().getParent() + ":" + System.getenv("PATH");
        Jtrace.Result r = Jtrace.exec(dir, List.of("sh", "-c", cmd + " 2>&1"), Map.of("PATH", path, "COLUMNS", "200"));
        Set<String> lines = new LinkedHashSet<>(r.out().lines().toList());
        return new ArrayList<>(lines);
    }

    private static List<String> union(List<String> a, List<String> b) {
        Set<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return new ArrayList<>(all);
    }
}
