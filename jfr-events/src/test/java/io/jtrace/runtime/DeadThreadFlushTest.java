package io.jtrace.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread that ends with records in its buffer (it never returned to depth 0 long enough to
 * flush) has them written by the flusher within a second or so, not only at JVM exit: a JVM
 * killed later must not lose them, and dead threads must not pin their buffers.
 */
class DeadThreadFlushTest {
    @Test
    void recordsOfEndedThreadsAreWrittenSoon() throws Exception {
        long before = TraceRuntime.records(); // other tests in this JVM may have written batches
        TraceRuntime.start("test", "", 0);
        try {
            Thread worker = new Thread(() -> {
                for (int i = 0; i < 10; i++) {
                    Tracer.enter(1);
                    Tracer.exit(1);
                }
            }, "short-lived");
            worker.start();
            worker.join();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (TraceRuntime.records() == before && System.nanoTime() < deadline) Thread.sleep(50);
            assertEquals(before + 20, TraceRuntime.records(), "the ended thread's records were not written");
            assertTrue(Tracer.active);
        } finally {
            TraceRuntime.stopAndFlush();
        }
    }
}
