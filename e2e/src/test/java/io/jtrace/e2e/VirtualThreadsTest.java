package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Virtual threads (JDK 21+) on the newest JDK found: each one's calls come back as its own, balanced trace. */
class VirtualThreadsTest {
    @TempDir
    Path dir;

    @Test
    void virtualThreadsAreTracedAsThemselves() throws Exception {
        Jdk jdk = Jdk.newest();
        Assumptions.assumeTrue(jdk.major() >= 21, "no JDK 21+ on this machine");
        int tasks = 200;
        Path rec = dir.resolve("virtual.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "sampler.VirtualThreads", Integer.toString(tasks));
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "sampler.VirtualThreads", Integer.toString(tasks));
        assertEquals(0, run.exit(), run::toString);
        assertEquals(plain.out(), run.out());
        Recording r = Recording.read(rec);
        int virtual = 0;
        long works = 0, steps = 0;
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
            RunAndPrintTest.assertBalanced(t.getKey(), t.getValue());
            if (!t.getKey().virtual()) continue;
            virtual++;
            works += t.getValue().stream().filter(e -> RunAndPrintTest.isCallOf(e, "sampler.VirtualThreads.work")).count();
            steps += t.getValue().stream().filter(e -> RunAndPrintTest.isCallOf(e, "sampler.VirtualThreads.step")).count();
        }
        assertEquals(tasks, virtual, "one trace per virtual thread");
        assertEquals(tasks, works);
        assertEquals((long) tasks * (tasks + 1) / 2, steps, "work(n) calls step n+1 times");
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--by-thread", "--no-times", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        assertEquals(tasks, print.out().lines().filter(l -> l.matches("== thread virtual-\\d+ \\(id \\d+, virtual\\) ==")).count(), print::toString);
        assertTrue(r.thread("main").stream().anyMatch(e -> RunAndPrintTest.isCallOf(e, "sampler.VirtualThreads.main")));
    }
}
