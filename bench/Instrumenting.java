import io.jtrace.agent.shaded.pattern.MethodFilter; // the agent jar holds the pattern module relocated, as it holds ASM
import io.jtrace.agent.instrument.ClassInstrumenter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipFile;

/**
 * The agent's own cost of rewriting classes, apart from everything else a traced run does: every
 * class of the given jars through the default probe chain (calls and exceptions, as `jtrace run`
 * without options), pass after pass in one JVM. The first pass is what a program pays while it
 * loads its classes (interpreted and C1 code of the instrumenter); the later ones, the compiled
 * instrumenter.
 *
 *   mvn -q -B package -DskipTests
 *   java -cp agent/target/jtrace-agent-0.1.0-SNAPSHOT.jar:jfr-events/target/classes \
 *       bench/Instrumenting.java 5 examples/target/lib/h2-*.jar examples/target/lib/gson-*.jar
 */
public class Instrumenting {
    public static void main(String[] args) throws Exception {
        int passes = Integer.parseInt(args[0]);
        List<byte[]> classes = new ArrayList<>();
        long bytes = 0;
        for (int i = 1; i < args.length; i++) {
            try (ZipFile zip = new ZipFile(args[i])) {
                for (var e : java.util.Collections.list(zip.entries())) {
                    if (!e.getName().endsWith(".class") || e.getName().contains("module-info") || e.getName().startsWith("META-INF")) continue;
                    byte[] b = zip.getInputStream(e).readAllBytes();
                    classes.add(b);
                    bytes += b.length;
                }
            }
        }
        AtomicInteger ids = new AtomicInteger();
        ClassInstrumenter instrumenter = new ClassInstrumenter(MethodFilter.all(),
                (c, m, d, s, l, a) -> ids.incrementAndGet(), ClassInstrumenter.exceptionProbes(name -> 1));
        System.out.printf("%d classes, %.1f MB%n", classes.size(), bytes / 1e6);
        for (int p = 1; p <= passes; p++) {
            long out = 0;
            int failed = 0;
            long start = System.nanoTime();
            for (byte[] c : classes) {
                try {
                    byte[] r = instrumenter.instrument(c);
                    if (r != null) out += r.length;
                } catch (RuntimeException e) {
                    failed++;
                }
            }
            long ns = System.nanoTime() - start;
            System.out.printf("pass %d: %6.0f ms, %5.1f us per class, %.1f MB out%s%n", p, ns / 1e6, ns / 1e3 / classes.size(),
                    out / 1e6, failed > 0 ? ", " + failed + " failed" : "");
        }
    }
}
