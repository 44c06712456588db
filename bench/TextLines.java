import io.jtrace.analysis.CallVisitor;
import io.jtrace.format.Ansi;
import io.jtrace.format.TextTraceWriter;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one line of {@code jtrace print} costs to format, without reading a recording: 4M call
 * lines ({@code =}: timestamp, thread, indentation, name, duration) written to nowhere, in one
 * warm JVM; the best of 12 rounds in ns per line, for each of a few line shapes. Compare two
 * builds by running it on each (classes of the build first on the class path).
 *
 *   mvn -q -B install -DskipTests
 *   javac -cp formats/target/classes:jfr-events/target/classes -d /tmp/tl bench/TextLines.java
 *   java -cp formats/target/classes:jfr-events/target/classes:/tmp/tl TextLines
 */
public final class TextLines {
    public static void main(String[] args) {
        // depth: from, how many more at random; with times; untimed calls (the word "untimed" for the duration)
        run("deep (20-59 levels), times", 20, 40, true, false);
        run("deep (20-59 levels), times, untimed", 20, 40, true, true);
        run("deep (20-59 levels), --no-times", 20, 40, false, false);
        run("flat (0 levels), --no-times", 0, 1, false, false);
    }

    private static void run(String label, int depthFrom, int depths, boolean times, boolean untimed) {
        int methods = 500;
        MethodInfo[] ms = new MethodInfo[methods];
        for (int i = 0; i < methods; i++) {
            ms[i] = new MethodInfo(i + 1, "com.github.javaparser.ast.expr.SomeClass" + i % 300, "method" + i,
                    "(Lcom/github/javaparser/ast/Node;I)V", "X.java", 1, 1);
        }
        ThreadInfo thread = new ThreadInfo(1, "main", false, 0);
        SplittableRandom random = new SplittableRandom(1);
        int n = 1 << 22;
        int[] depth = new int[n];
        int[] method = new int[n];
        long[] duration = new long[n];
        for (int i = 0; i < n; i++) {
            depth[i] = depthFrom + random.nextInt(depths);
            method[i] = random.nextInt(methods);
            duration[i] = 50 + random.nextInt(5_000);
        }
        ExitKind kind = untimed ? ExitKind.RETURN_UNTIMED : ExitKind.RETURN;
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 12; round++) {
            TextTraceWriter w = new TextTraceWriter(OutputStream.nullOutputStream(), StandardCharsets.UTF_8,
                    new TextTraceWriter.Options(times, true, false, new Ansi(false)));
            w.begin(new RecordingInfo("bench", 0, List.of(thread), 0));
            CallVisitor v = w.visitor();
            long nanos = 1_000_000_000L;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                nanos += 37; // a new microsecond every ~27 lines, as in a busy trace
                v.call(thread, nanos, depth[i], ms[method[i]], duration[i], kind, null);
            }
            w.end();
            best = Math.min(best, (System.nanoTime() - start) / (double) n);
        }
        System.out.printf("%-40s %6.1f ns/line%n", label, best);
    }
}
