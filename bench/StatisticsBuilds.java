import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;

/**
 * `summary`'s analysis (the replay into MethodStatistics, no output) of one recording by several
 * builds in one JVM, each build's classes in a class loader of its own, rounds rotating the order:
 * side by side without the spread between JVMs that this machine adds to whole commands. The first
 * round (the JIT warming up) is left out of the median.
 *
 *   java -Xmx2g bench/StatisticsBuilds.java FILE.jfr ROUNDS EXECUTABLE...    (jtrace executables: zip archives)
 *   e.g. java -Xmx2g bench/StatisticsBuilds.java /dev/shm/f2rec/parser.jfr 10 /dev/shm/old /dev/shm/new
 */
public class StatisticsBuilds {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        List<String> builds = List.of(args).subList(2, args.length);
        Map<String, ClassLoader> loaders = new LinkedHashMap<>();
        Map<String, Object> indexes = new LinkedHashMap<>();
        for (String b : builds) {
            ClassLoader l = new URLClassLoader(new URL[] {Path.of(b).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            loaders.put(b, l);
            indexes.put(b, l.loadClass("io.jtrace.read.TraceReader").getMethod("read", Path.class, DoubleConsumer.class)
                    .invoke(null, file, null));
        }
        Map<String, List<Long>> times = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (int q = 0; q < builds.size(); q++) {
                String b = builds.get((q + r) % builds.size());
                times.computeIfAbsent(b, k -> new ArrayList<>()).add(replay(loaders.get(b), indexes.get(b)));
            }
        }
        times.forEach((b, t) -> {
            List<Long> warm = new ArrayList<>(t.subList(Math.min(1, t.size() - 1), t.size()));
            Collections.sort(warm);
            System.out.println(b + ": " + t + " ms, median " + warm.get(warm.size() / 2) + " ms");
        });
    }

    /** Replay: in io.jtrace.replay, or io.jtrace.read in builds from before the packages were split (2026-11-27). */
    private static Class<?> replayClass(ClassLoader l) throws ClassNotFoundException {
        try {
            return l.loadClass("io.jtrace.replay.Replay");
        } catch (ClassNotFoundException e) {
            return l.loadClass("io.jtrace.read.Replay");
        }
    }

    /** One replay of the whole recording into a new MethodStatistics, in milliseconds. */
    private static long replay(ClassLoader l, Object index) throws Exception {
        Class<?> statistics = l.loadClass("io.jtrace.analysis.MethodStatistics");
        Class<?> traceIndex = l.loadClass("io.jtrace.read.TraceIndex");
        Class<?> visitor = l.loadClass("io.jtrace.analysis.CallVisitor");
        long start = System.nanoTime();
        Object st = statistics.getConstructor(int.class).newInstance(3);
        Object request = replayClass(l).getMethod("of", traceIndex, List.class)
                .invoke(null, index, traceIndex.getMethod("threads").invoke(index));
        Method into = request.getClass().getMethod("into", visitor);
        into.invoke(request, statistics.getMethod("visitor").invoke(st));
        statistics.getMethod("endAll").invoke(st);
        statistics.getMethod("methods").invoke(st);
        return (System.nanoTime() - start) / 1_000_000;
    }
}
