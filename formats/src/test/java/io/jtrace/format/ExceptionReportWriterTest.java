package io.jtrace.format;

import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionJourney.Outcome;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSummary;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.JourneyStep;
import io.jtrace.model.JourneyStep.Kind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exception report and the inline exception lines, rendered and parsed back. */
class ExceptionReportWriterTest {
    private static final ThreadInfo MAIN = new ThreadInfo(1, "main", false, 0);
    private static final MethodInfo PARSE = new MethodInfo(1, "app.Parser", "parse", "(Ljava/lang/String;I)I", "Parser.java", 40, 0);
    private static final MethodInfo LOAD = new MethodInfo(2, "app.Loader", "load", "()V", "Loader.java", 80, 0);
    private static final ExceptionRef NFE = new ExceptionRef("java.lang.NumberFormatException", 0x1b6d3586L);
    private static final ExceptionRef APP = new ExceptionRef("app.LoadFailed", 0x2a);

    private static List<ExceptionJourney> journeys() {
        CodeSite jdk = new CodeSite("java.lang.Integer", "parseInt", null, "Integer.java", 652);
        ExceptionJourney nfe = new ExceptionJourney(1, MAIN, 1_000_000, NFE, "For input string: \"x\"\nsecond line",
                ThrowKind.IN_UNTRACED_CODE, jdk, CodeSite.of(PARSE, 41), null, 0, 0,
                List.of(JourneyStep.at(Kind.FINALLY, 1_000_500, CodeSite.of(PARSE, 43)),
                        JourneyStep.at(Kind.UNWOUND, 1_001_000, CodeSite.of(PARSE, 0)),
                        new JourneyStep(Kind.CAUGHT, 1_002_000, CodeSite.of(LOAD, 88), "java.lang.IllegalArgumentException", null, 0)),
                Outcome.WRAPPED, 1_003_000, CodeSite.of(LOAD, 89), APP, 2, null);
        ExceptionJourney app = new ExceptionJourney(2, MAIN, 1_003_000, APP, null, ThrowKind.THROWN, CodeSite.of(LOAD, 89),
                null, NFE, 1, 0, List.of(JourneyStep.at(Kind.UNWOUND, 1_004_000, CodeSite.of(LOAD, 0))),
                Outcome.UNCAUGHT, 1_005_000, null, null, 0, "app.Main$$Lambda");
        return List.of(nfe, app);
    }

    @Test
    void journeysRoundTrip() {
        StringWriter text = new StringWriter();
        ExceptionReportWriter w = new ExceptionReportWriter(new PrintWriter(text), new ExceptionReportWriter.Options(true, new Ansi(false)));
        for (ExceptionJourney j : journeys()) w.journey(j);
        w.end();
        String[] blocks = text.toString().split("\n\n");
        assertEquals(2, blocks.length);
        for (int i = 0; i < blocks.length; i++) {
            ExceptionJourney j = journeys().get(i);
            String[] lines = blocks[i].strip().split("\n");
            Matcher h = Pattern.compile("#(\\d+) (\\S+?)(?:: (.*))?").matcher(lines[0]);
            assertTrue(h.matches(), lines[0]);
            assertEquals(j.number(), Long.parseLong(h.group(1)));
            assertEquals(j.exception().type(), h.group(2));
            assertEquals(j.message() == null ? null : ExceptionText.oneLine(j.message()), h.group(3));
            Matcher info = Pattern.compile(" {3}thread (\\S+)(?:; caused by #(\\d+) (\\S+))?").matcher(lines[1]);
            assertTrue(info.matches(), lines[1]);
            assertEquals(j.thread().label(), info.group(1));
            assertEquals(j.causeNumber() == 0 ? null : String.valueOf(j.causeNumber()), info.group(2));
            // the steps: origin, each step, outcome; times as print shows them
            List<String> expected = new ArrayList<>();
            expected.add(Durations.timestamp(j.nanos()) + "  " + ExceptionReportWriter.originText(j.origin()) + " " + j.site().displayName()
                    + (j.surfacedAt() == null ? "" : ", came out at " + j.surfacedAt().displayName()));
            for (JourneyStep s : j.steps()) expected.add(Durations.timestamp(s.nanos()) + "  ");
            List<String> actual = new ArrayList<>();
            for (int k = 2; k < lines.length; k++) actual.add(lines[k].substring(3));
            assertEquals(expected.get(0), actual.get(0));
            for (int k = 0; k < j.steps().size(); k++) {
                JourneyStep s = j.steps().get(k);
                String line = actual.get(k + 1);
                assertTrue(line.startsWith(Durations.timestamp(s.nanos()) + "  "), line);
                assertTrue(line.contains(s.site().displayName()), line);
                if (s.detail() != null) assertTrue(line.endsWith(" as " + s.detail()), line);
            }
            String last = actual.get(actual.size() - 1);
            assertTrue(last.startsWith(Durations.timestamp(j.endNanos()) + "  "), last);
            assertEquals(j.steps().size() + 2, actual.size());
        }
        assertTrue(text.toString().contains("wrapped into #2 app.LoadFailed at app.Loader.load():89"));
        assertTrue(text.toString().contains("uncaught in main, handled by app.Main$$Lambda"));
        assertTrue(text.toString().contains("thrown in untraced code at java.lang.Integer.parseInt:652, came out at app.Parser.parse(String, int):41"));
    }

    @Test
    void summaryRoundTrip() {
        ExceptionSummary s = new ExceptionSummary(12_346, 2,
                List.of(new ExceptionSummary.TypeRow("java.lang.NumberFormatException", 12_345), new ExceptionSummary.TypeRow("app.LoadFailed", 1)),
                List.of(new ExceptionSummary.ThrowSiteRow("java.lang.NumberFormatException", ThrowKind.THROWN, CodeSite.of(PARSE, 41), null, 12_345,
                        List.of(new ExceptionSummary.OutcomeCount(Outcome.CAUGHT, CodeSite.of(LOAD, 88), 12_345))),
                        new ExceptionSummary.ThrowSiteRow("app.LoadFailed", ThrowKind.THROWN, CodeSite.of(LOAD, 89), null, 1,
                                List.of(new ExceptionSummary.OutcomeCount(Outcome.UNCAUGHT, null, 1)))),
                List.of(new ExceptionSummary.CatchSiteRow(CodeSite.of(LOAD, 88), 12_345,
                        List.of(new ExceptionSummary.TypeRow("java.lang.NumberFormatException", 12_345)))));
        StringWriter text = new StringWriter();
        new ExceptionReportWriter(new PrintWriter(text), new ExceptionReportWriter.Options(false, new Ansi(false))).summary(s);
        String out = text.toString();
        assertTrue(out.startsWith("12,346 exceptions in 2 threads\n"), out);
        assertTrue(out.contains("\n   NumberFormatException at Parser.parse:41 \u2014 12,345 times, caught in Loader.load:88\n"), out);
        // parse every count back and compare with the model
        Matcher type = Pattern.compile("(?m)^ +([\\d,]+)  (\\S+)$").matcher(out);
        List<ExceptionSummary.TypeRow> types = new ArrayList<>();
        while (type.find()) types.add(new ExceptionSummary.TypeRow(type.group(2), Long.parseLong(type.group(1).replace(",", ""))));
        assertEquals(s.byType(), types);
        Matcher site = Pattern.compile("(?m)^   (\\S+) at (\\S+) \u2014 ([\\d,]+) times?, (.*)$").matcher(out);
        List<String> sites = new ArrayList<>();
        while (site.find()) sites.add(site.group(1) + "|" + site.group(2) + "|" + site.group(3).replace(",", "") + "|" + site.group(4));
        assertEquals(List.of("NumberFormatException|Parser.parse:41|12345|caught in Loader.load:88", "LoadFailed|Loader.load:89|1|uncaught"), sites);
        assertTrue(out.contains("\n   Loader.load:88 \u2014 12,345 times: NumberFormatException (12,345)\n"), out);
    }

    @Test
    void inlineExceptionLinesRoundTrip() throws Exception {
        List<TraceEvent> events = List.of(
                new ExceptionThrown(MAIN, 10, 2, NFE, "bad", 0, ThrowKind.THROWN, CodeSite.of(PARSE, 41), null),
                new FinallyEntered(MAIN, 20, 2, NFE, CodeSite.of(PARSE, 43), false),
                new ExceptionCaught(MAIN, 30, 1, NFE, CodeSite.of(LOAD, 88), "java.lang.IllegalArgumentException"),
                new ExceptionUncaught(MAIN, 40, 0, APP, null));
        for (boolean times : new boolean[] {true, false}) {
            StringWriter text = new StringWriter();
            try (TextTraceWriter w = new TextTraceWriter(new PrintWriter(text), new TextTraceWriter.Options(times, true, false, new Ansi(false)))) {
                w.begin(new RecordingInfo("x.jfr", 0, List.of(MAIN), 4));
                for (TraceEvent e : events) w.event(e);
                w.end();
            }
            Pattern line = Pattern.compile((times ? " *(\\d+\\.\\d{6})  " : "") + "main  ( *)\\* (\\w+) (\\S+?)(?:@([0-9a-f]+))?[: ].*");
            String[] lines = text.toString().split("\n");
            assertEquals(events.size(), lines.length);
            String[] words = {"throw", "finally", "catch", "uncaught"};
            for (int i = 0; i < lines.length; i++) {
                Matcher m = line.matcher(lines[i]);
                assertTrue(m.matches(), lines[i]);
                TraceEvent e = events.get(i);
                int g = times ? 2 : 1;
                if (times) assertEquals(Durations.timestamp(e.nanos()), m.group(1));
                assertEquals(e.depth() * 2, m.group(g).length(), lines[i]);
                assertEquals(words[i], m.group(g + 1));
            }
            String all = text.toString();
            assertEquals(times, all.contains("@" + Long.toHexString(NFE.identity()).toLowerCase(Locale.ROOT)), "identities only with times");
            assertTrue(all.contains("* catch java.lang.NumberFormatException" + (times ? "@1b6d3586" : "")
                    + " at Loader.load:88 as java.lang.IllegalArgumentException"), all);
        }
    }
}
