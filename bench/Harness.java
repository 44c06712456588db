import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * jtrace's benchmark: each workload plain, traced by jtrace, and (on JDK 21+... 25) traced by the
 * JDK's own jdk.MethodTrace with and without stack traces, side by side in one run, on every JDK
 * given. Prints wall-clock ratios, ns per traced call and bytes per call.
 *
 *   mvn -q -B package -DskipTests && java bench/Harness.java [--runs N] [--quick] [--scale N] [--only WORKLOAD]
 *       [--configs NAME,NAME...] [JDK_HOME...]
 *
 * --configs keeps only the configurations named (plain is always run: the ratios need it), e.g.
 * {@code --configs 'jtrace idle,jtrace'}. The build measured is the one in the current directory, so
 * two builds compare side by side with this file run from each in turn:
 * {@code (cd /tmp/old-build && java /path/to/bench/Harness.java ...)}.
 *
 * Without JDK homes: the JDK running this and every other JDK 17+ beside it (/usr/lib/jvm/*).
 * Each configuration runs N times (default 3), alternating, and the fastest run is kept: on a
 * noisy 2-core machine the minimum is the most repeatable figure. "idle" runs start the agent (or
 * JFR) but trace nothing: ns/call is measured against them, so JVM and JFR start-up (a fixed
 * ~0.3 s) is not charged to the calls; the wall ratio against plain includes it.
 *
 * A workload that times its own calls (CallHeavy, asked by -Dbench.workNanos=true) also gets
 * "in-process ns/call": (traced - idle time of the calls, each the fastest run) / calls, which
 * leaves out the start-up and its noise (~50 ms between runs here, ~10 ns a call in a
 * whole-process difference over 4M calls). --scale N multiplies every workload's size (default 5;
 * --quick: 1).
 */
public class Harness {
    record Workload(String name, String main, List<String> args, List<String> classes, String note) {}

    record Jdk(Path home, int major) {
        Path java() { return home.resolve("bin/java"); }
        Path jfr() { return home.resolve("bin/jfr"); }
    }

    /** {@code workNanos}: what the workload timed of its own calls (-1 if it does not say). */
    record Measure(long millis, long events, long bytes, long workNanos) {}

    static final Path ROOT = Paths.get("").toAbsolutePath();
    static final Path CLASSES = ROOT.resolve("examples/target/classes");
    static final Path AGENT = ROOT.resolve("jtrace/target/classes/io/jtrace/cli/embedded/jtrace-agent.jar");
    static final Path WORK;

    static {
        try {
            WORK = Files.createTempDirectory("jtrace-bench-");
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = 3;
        boolean quick = false;
        int scale = 0;
        List<Jdk> jdks = new ArrayList<>();
        List<String> only = new ArrayList<>();
        List<String> keep = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--quick" -> quick = true;
                case "--scale" -> scale = Integer.parseInt(args[++i]);
                case "--only" -> only.add(args[++i]);
                case "--configs" -> keep.addAll(List.of(args[++i].split(",")));
                default -> jdks.add(jdk(Paths.get(args[i])));
            }
        }
        if (jdks.isEmpty()) jdks = findJdks();
        if (!Files.exists(AGENT)) throw new IllegalStateException("build first: mvn -q -B package -DskipTests (" + AGENT + " missing)");

        if (scale == 0) scale = quick ? 1 : 5;
        List<Workload> workloads = new ArrayList<>(List.of(
            new Workload("counter", "counter.Counter", List.of("1000", Integer.toString(1000 * scale)),
                List.of("counter.Counter"), "sum 1..1000 through add(), repeated"),
            new Workload("call-heavy", "workloads.CallHeavy", List.of(Integer.toString(4000 * scale)),
                List.of("workloads.CallHeavy", "workloads.CallHeavy$Const", "workloads.CallHeavy$Var",
                    "workloads.CallHeavy$Add", "workloads.CallHeavy$Mul", "workloads.CallHeavy$Counter"),
                "virtual calls on records, recursion, allocation")));
        if (Files.exists(CLASSES.resolve("workloads/ExceptionStorm.class"))) {
            workloads.add(new Workload("exceptions", "workloads.ExceptionStorm", List.of(Integer.toString(200_000 * scale)),
                List.of("workloads.ExceptionStorm"), "throw/catch through a few frames"));
        }
        if (!only.isEmpty()) workloads.removeIf(w -> !only.contains(w.name()));

        System.out.printf(Locale.ROOT, "jtrace benchmark, %d run(s) each, fastest kept; %s%n", runs, java.time.LocalDate.now());
        System.out.printf(Locale.ROOT, "%-11s %-4s %-26s %9s %7s %11s %10s %9s %9s %12s%n",
            "workload", "jdk", "configuration", "wall ms", "ratio", "events", "ns/call", "B/call", "calls ms", "in-process");
        for (Workload w : workloads) {
            for (Jdk jdk : jdks) {
                List<String[]> configs = new ArrayList<>();
                configs.add(new String[] {"plain"});
                configs.add(new String[] {"jtrace idle"});
                configs.add(new String[] {"jtrace"});
                configs.add(new String[] {"jtrace full"});
                if (jdk.major() >= 25) {
                    configs.add(new String[] {"JFR idle"});
                    configs.add(new String[] {"jdk.MethodTrace no stacks"});
                    configs.add(new String[] {"jdk.MethodTrace stacks"});
                }
                if (!keep.isEmpty()) configs.removeIf(c -> !c[0].equals("plain") && !keep.contains(c[0]));
                Measure[] best = new Measure[configs.size()];
                long[] fastestWork = new long[configs.size()];
                Arrays.fill(fastestWork, -1);
                for (int r = 0; r < runs; r++) {
                    for (int c = 0; c < configs.size(); c++) {
                        if (configs.get(c)[0].equals("jdk.MethodTrace stacks") && r > 0) continue; // slow: once
                        Measure m = run(jdk, w, configs.get(c)[0]);
                        if (best[c] == null || m.millis() < best[c].millis()) best[c] = m;
                        if (fastestWork[c] < 0 || (m.workNanos() >= 0 && m.workNanos() < fastestWork[c])) fastestWork[c] = m.workNanos();
                    }
                }
                long plain = best[0].millis();
                long jtraceIdle = best[1].millis();
                long jfrIdle = plain;
                long jtraceIdleWork = fastestWork[1];
                long jfrIdleWork = fastestWork[0];
                for (int c = 0; c < configs.size(); c++) {
                    if (configs.get(c)[0].equals("JFR idle")) { // by name: rows were added before it
                        jfrIdle = best[c].millis();
                        jfrIdleWork = fastestWork[c];
                    }
                }
                for (int c = 0; c < configs.size(); c++) {
                    Measure m = best[c];
                    String name = configs.get(c)[0];
                    boolean traced = !name.equals("plain") && !name.contains("idle");
                    long baseline = name.startsWith("jtrace") ? jtraceIdle : jfrIdle;
                    // A call is an enter and an exit: two jtrace records, one jdk.MethodTrace event.
                    double calls = name.startsWith("jtrace") ? m.events() / 2.0 : m.events();
                    String nsPerCall = traced && calls > 0 ? String.format(Locale.ROOT, "%.0f", (m.millis() - baseline) * 1e6 / calls) : "";
                    String bPerCall = traced && calls > 0 ? String.format(Locale.ROOT, "%.2f", m.bytes() / calls) : "";
                    long idleWork = name.startsWith("jtrace") ? jtraceIdleWork : jfrIdleWork;
                    String workMs = fastestWork[c] >= 0 ? String.format(Locale.ROOT, "%.0f", fastestWork[c] / 1e6) : "";
                    String inProcess = traced && calls > 0 && fastestWork[c] >= 0 && idleWork >= 0
                        ? String.format(Locale.ROOT, "%.1f", (fastestWork[c] - idleWork) / calls) : "";
                    System.out.printf(Locale.ROOT, "%-11s %-4d %-26s %9d %7s %11s %10s %9s %9s %12s%n", w.name(), jdk.major(), name,
                        m.millis(), String.format(Locale.ROOT, "%.2fx", (double) m.millis() / plain),
                        traced ? String.format(Locale.ROOT, "%,d", m.events()) : "", nsPerCall, bPerCall, workMs, inProcess);
                }
            }
        }
        System.out.println("ns/call = (traced - idle wall time) / calls; B/call = recording size / calls.");
        System.out.println("calls ms = the workload's own timing of its calls (fastest run); in-process = (traced - idle calls ms) / calls.");
        System.out.println("jtrace events = records (enter + exit per call); jdk.MethodTrace = one event per call.");
    }

    static Measure run(Jdk jdk, Workload w, String config) throws Exception {
        Path rec = WORK.resolve(w.name() + "-" + jdk.major() + ".jfr");
        Files.deleteIfExists(rec);
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString(), "-Xshare:auto", "-Dbench.workNanos=true"));
        switch (config) {
            case "plain" -> { }
            case "jtrace" -> cmd.add("-javaagent:" + AGENT + "=output=" + rec);
            case "jtrace full" -> cmd.add("-javaagent:" + AGENT + "=output=" + rec + ",timing=full");
            // Agent and recording started, nothing traced: the fixed cost, subtracted for ns/call.
            case "jtrace idle" -> cmd.add("-javaagent:" + AGENT + "=output=" + rec + ",include=no.such.Class");
            case "JFR idle" -> cmd.add("-XX:StartFlightRecording:filename=" + rec);
            case "jdk.MethodTrace no stacks" -> cmd.add("-XX:StartFlightRecording:method-trace=" + String.join(";", w.classes())
                + ",filename=" + rec + ",jdk.MethodTrace#stackTrace=false");
            case "jdk.MethodTrace stacks" -> cmd.add("-XX:StartFlightRecording:method-trace=" + String.join(";", w.classes())
                + ",filename=" + rec);
            default -> throw new IllegalArgumentException(config);
        }
        cmd.addAll(List.of("-cp", CLASSES.toString(), w.main()));
        cmd.addAll(w.args());
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = p.waitFor();
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (exit != 0) throw new IllegalStateException(config + " failed: " + out);
        Matcher work = Pattern.compile("(?m)^work-ns (\\d+)$").matcher(out);
        long workNanos = work.find() ? Long.parseLong(work.group(1)) : -1;
        if (config.equals("plain") || config.contains("idle")) return new Measure(millis, 0, 0, workNanos);
        long events = config.startsWith("jtrace") ? jtraceRecords(jdk, rec) : methodTraceEvents(jdk, rec);
        return new Measure(millis, events, Files.size(rec), workNanos);
    }

    /** The agent's own count, from its last jtrace.TracerStatistics event. */
    static long jtraceRecords(Jdk jdk, Path rec) throws Exception {
        String out = exec(jdk.jfr().toString(), "print", "--events", "jtrace.TracerStatistics", rec.toString());
        Matcher m = Pattern.compile("records = ([0-9_,]+)").matcher(out);
        long last = 0;
        while (m.find()) last = Long.parseLong(m.group(1).replaceAll("[_,]", ""));
        return last;
    }

    static long methodTraceEvents(Jdk jdk, Path rec) throws Exception {
        String out = exec(jdk.jfr().toString(), "summary", rec.toString());
        Matcher m = Pattern.compile("jdk\\.MethodTrace\\s+(\\d+)").matcher(out);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    static String exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    static List<Jdk> findJdks() throws IOException {
        List<Jdk> found = new ArrayList<>();
        Jdk self = jdk(Paths.get(System.getProperty("java.home")));
        found.add(self);
        try (var s = Files.list(Paths.get(System.getProperty("java.home")).toRealPath().getParent())) {
            for (Path p : s.sorted().toList()) {
                Jdk j = jdk(p);
                if (j != null && j.major() >= 17 && found.stream().noneMatch(f -> f.major() == j.major())) found.add(j);
            }
        }
        found.sort((a, b) -> Integer.compare(a.major(), b.major()));
        return found;
    }

    static Jdk jdk(Path home) {
        try {
            Path real = home.toRealPath();
            Properties p = new Properties();
            try (var in = Files.newInputStream(real.resolve("release"))) {
                p.load(in);
            }
            String v = p.getProperty("JAVA_VERSION", "").replace("\"", "");
            return new Jdk(real, Integer.parseInt(v.split("[.\\-+]")[0]));
        } catch (Exception e) {
            return null;
        }
    }
}
