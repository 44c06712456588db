package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs the real executable ({@code jtrace/target/jtrace}) and plain JVMs, capturing their output. */
public final class Jtrace {
    private Jtrace() {}

    public record Result(int exit, String out, String err) {
        public List<String> outLines() {
            return out.isEmpty() ? List.of() : Arrays.asList(out.split("\n"));
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    public static Path root() {
        return Paths.get(System.getProperty("jtrace.root", "..")).toAbsolutePath().normalize();
    }

    public static Path executable() {
        return root().resolve("jtrace/target/jtrace");
    }

    public static Path examples() {
        return root().resolve("examples/target/classes");
    }

    /** Examples plus their libraries (Gson). */
    public static String examplesClassPath() {
        List<String> parts = new ArrayList<>();
        parts.add(examples().toString());
        try (Stream<Path> libs = Files.list(root().resolve("examples/target/lib"))) {
            libs.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> parts.add(p.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return String.join(java.io.File.pathSeparator, parts);
    }

    /**
     * {@code main} traced into {@code rec} and run plain: the traced run must behave exactly as
     * the plain one (exit code, stdout, the target's stderr). Returns the traced run.
     */
    public static Result tracedAsPlain(Path dir, Jdk jdk, Path rec, String main, String... args) {
        Result plain = plain(dir, jdk, main, args);
        Result traced = trace(dir, jdk, rec, List.of(), main, args);
        org.junit.jupiter.api.Assertions.assertEquals(plain.exit(), traced.exit(), traced::toString);
        org.junit.jupiter.api.Assertions.assertEquals(plain.out(), traced.out());
        org.junit.jupiter.api.Assertions.assertEquals(plain.err().strip(), targetStderr(traced.err()).strip());
        return traced;
    }

    /**
     * SIGKILL to the target JVM (running {@code main}) of a {@code jtrace run} started by
     * {@link #start}; waits for jtrace to end and returns its stderr.
     */
    public static String killTarget(Path dir, Process jtrace, String main) throws IOException, InterruptedException {
        java.util.Optional<ProcessHandle> target = jtrace.descendants()
                .filter(h -> h.info().commandLine().orElse("").contains(main)).findFirst();
        org.junit.jupiter.api.Assertions.assertTrue(target.isPresent(), "target JVM not found among jtrace's descendants");
        target.get().destroyForcibly();
        org.junit.jupiter.api.Assertions.assertTrue(jtrace.waitFor(60, TimeUnit.SECONDS), "jtrace did not end after its target was killed");
        return Files.readString(dir.resolve("err.txt"));
    }

    /**
     * jtrace's caches (the agent's class cache, its class-data archive) for this run of the tests,
     * not the user's ~/.cache/jtrace: other runs on the machine (other checkouts, other builds)
     * prune that one while these tests use it (a LifecycleTest run failed on a cache directory
     * removed under it). Tests of the caches set their own.
     */
    static final Path CACHE = Path.of(System.getProperty("jtrace.root", "..")).resolve("e2e/target/jtrace-cache").toAbsolutePath().normalize();

    /** {@code jtrace ARGS...} in {@code dir}. */
    public static Result jtrace(Path dir, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable().toString());
        cmd.addAll(Arrays.asList(args));
        return exec(dir, cmd, Map.of());
    }

    /** {@code jtrace run -o OUT [options] -- <jdk>/bin/java -cp examples MAIN ARGS...}. */
    public static Result trace(Path dir, Jdk jdk, Path out, List<String> options, String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of("run", "-o", out.toString()));
        cmd.addAll(options);
        cmd.add("--");
        cmd.addAll(javaCommand(jdk, main, args));
        return jtrace(dir, cmd.toArray(String[]::new));
    }

    /** The same program without jtrace. */
    public static Result plain(Path dir, Jdk jdk, String main, String... args) {
        return exec(dir, javaCommand(jdk, main, args), Map.of());
    }

    public static List<String> javaCommand(Jdk jdk, String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString(), "-cp", examplesClassPath(), main));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    public static Result exec(Path dir, List<String> cmd, Map<String, String> env) {
        return exec(dir, cmd, env, null);
    }

    /** {@code jtrace ARGS...} with {@code env} added to the environment. */
    public static Result jtraceWithEnv(Path dir, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable().toString());
        cmd.addAll(Arrays.asList(args));
        return exec(dir, cmd, env);
    }

    /**
     * Starts {@code jtrace ARGS...} in the background with stdout and stderr going to
     * {@code dir/out.txt} and {@code dir/err.txt} (read them with {@link #waitForOutput}).
     */
    public static Process start(Path dir, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable().toString());
        cmd.addAll(Arrays.asList(args));
        return startCommand(dir, cmd, Map.of());
    }

    /**
     * Starts {@code jtrace ARGS...} like {@link #start}, but as a terminal would start it: as the
     * leader of its own process group (so a signal can go to the group, as Ctrl-C does) and with
     * SIGINT not ignored (a non-interactive shell ignores it in background jobs, and children
     * inherit that). The process is jtrace itself (setsid and env exec it).
     */
    public static Process startInOwnGroup(Path dir, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT", "setsid", executable().toString()));
        cmd.addAll(Arrays.asList(args));
        return startCommand(dir, cmd, env);
    }

    /** Starts {@code jtrace ARGS...} like {@link #start}, with {@code env} added to its environment. */
    public static Process start(Path dir, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable().toString());
        cmd.addAll(Arrays.asList(args));
        return startCommand(dir, cmd, env);
    }

    private static Process startCommand(Path dir, List<String> cmd, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().put("XDG_CACHE_HOME", CACHE.toString());
        pb.environment().putAll(env);
        pb.environment().put("NO_COLOR", "1");
        Process p = pb.start();
        p.getOutputStream().close();
        return p;
    }

    /** Waits until {@code dir/out.txt} contains {@code text}; fails after a minute. */
    public static void waitForOutput(Path dir, String text) throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(out) || !Files.readString(out).contains(text)) {
            if (System.nanoTime() > deadline) throw new AssertionError("no '" + text + "' on stdout within a minute");
            Thread.sleep(50);
        }
    }

    /** Like {@link #exec(Path, List, Map)}, with {@code stdin} (null: none) written to the command's input. */
    public static Result exec(Path dir, List<String> cmd, Map<String, String> env, String stdin) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
            pb.environment().remove("JAVA_TOOL_OPTIONS"); // unless the test sets it
            pb.environment().put("XDG_CACHE_HOME", CACHE.toString()); // unless the test sets it
            pb.environment().putAll(env);
            pb.environment().put("NO_COLOR", "1");
            Process p = pb.start();
            // read while writing: a command that answers a long script as it reads it would fill the
            // output pipe and stop reading its input, and the write below would never end
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            try (var in = p.getOutputStream()) {
                if (stdin != null) in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            if (!p.waitFor(240, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("timed out: " + cmd);
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * Threads of their own for reading the processes' output: the test classes run two at a time
     * (junit-platform.properties), and the common pool, small on a machine with few cores, would
     * queue a reader behind the others while its process blocks on a full pipe.
     */
    static final java.util.concurrent.ExecutorService READERS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "e2e-output-reader");
        t.setDaemon(true);
        return t;
    });

    static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "<" + e + ">";
            }
        }, READERS);
    }

    /** Lines of stderr that are not jtrace's own report lines. */
    public static String targetStderr(String err) {
        return Arrays.stream(err.split("\n")).filter(l -> !l.startsWith("jtrace")).collect(Collectors.joining("\n"));
    }
}
