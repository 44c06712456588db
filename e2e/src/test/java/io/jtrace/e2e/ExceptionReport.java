package io.jtrace.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the output of {@code jtrace exceptions} back into blocks (round-trip tests of the report). */
final class ExceptionReport {
    private ExceptionReport() {}

    /** One step line: its leading words (what happened) and the rest. */
    record Step(String what, String rest) {
        @Override
        public String toString() {
            return what + " " + rest;
        }
    }

    record Block(int number, String type, String message, String thread, Integer causeNumber, String causeType,
                 List<Step> steps) {
        List<String> whats() {
            return steps.stream().map(Step::what).toList();
        }

        Step first() {
            return steps.get(0);
        }

        Step last() {
            return steps.get(steps.size() - 1);
        }
    }

    /** Step words, longest first so that prefixes do not shadow them. */
    private static final String[] WHATS = {
        "thrown in untraced code at", "thrown beyond the depth limit at", "raised by the JVM at", "thrown at",
        "rethrown at", "finally at", "close resource at", "unwound", "caught at", "adds suppressed",
        "uncaught in", "wrapped into", "suppressed into", "dropped:", "left traced code", "still unwinding",
        "continues", "first seen here",
    };

    private static final Pattern HEADER = Pattern.compile("#(\\d+) ([^\\s:]+)(?:: (.*))?");
    private static final Pattern INFO = Pattern.compile(" {3}thread (.+?)(?:; caused by (?:#(\\d+) )?(.+))?");
    private static final Pattern STEP = Pattern.compile(" {3}(?:\\d+\\.\\d{6} {2})?(.*)");

    static Map<Integer, Block> parse(String report) {
        Map<Integer, Block> blocks = new TreeMap<>();
        String[] lines = report.split("\n");
        int i = 0;
        while (i < lines.length) {
            if (lines[i].isEmpty()) {
                i++;
                continue;
            }
            Matcher h = HEADER.matcher(lines[i]);
            if (!h.matches()) throw new AssertionError("not a journey header: " + lines[i]);
            Matcher info = INFO.matcher(lines[i + 1]);
            if (!info.matches()) throw new AssertionError("not a journey info line: " + lines[i + 1]);
            i += 2;
            List<Step> steps = new ArrayList<>();
            while (i < lines.length && !lines[i].isEmpty()) {
                Matcher s = STEP.matcher(lines[i]);
                if (!s.matches()) throw new AssertionError("not a step: " + lines[i]);
                steps.add(step(s.group(1)));
                i++;
            }
            int number = Integer.parseInt(h.group(1));
            blocks.put(number, new Block(number, h.group(2), h.group(3), info.group(1),
                    info.group(2) == null ? null : Integer.valueOf(info.group(2)), info.group(3), steps));
        }
        return blocks;
    }

    private static Step step(String text) {
        for (String w : WHATS) {
            if (text.startsWith(w)) return new Step(w, text.substring(w.length()).strip());
        }
        throw new AssertionError("unknown step: " + text);
    }

    static Block only(Map<Integer, Block> blocks, String type, String message) {
        List<Block> found = blocks.values().stream()
                .filter(b -> b.type().equals(type) && (message == null || message.equals(b.message()))).toList();
        if (found.size() != 1) throw new AssertionError("expected one journey of " + type + ": " + message + ", found " + found);
        return found.get(0);
    }
}
