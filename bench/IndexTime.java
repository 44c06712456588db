import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;

import java.nio.file.Path;

/**
 * How long reading a recording's index takes in a fresh JVM (what every reading command does
 * first: the chunks' metadata, the definitions, where each batch lies), with the classes of the
 * jtrace executable on the class path. Run it in turn with two builds for a side-by-side figure:
 *
 *   for r in 1 2 3 4 5; do for b in /dev/shm/old /dev/shm/new; do
 *     echo "$b $(java -XX:+UseSerialGC -cp $b bench/IndexTime.java /dev/shm/f2rec/sql.jfr)"; done; done
 */
public class IndexTime {
    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        TraceIndex index = TraceReader.read(Path.of(args[0]), null);
        System.out.printf("index %d ms, %d thread(s)%n", (System.nanoTime() - start) / 1_000_000, index.threads().size());
    }
}
