package io.jtrace.runtime;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Each thread finds its own trace through the table by thread id ({@code Tracer.BY_ID}), also
 * when another live thread holds its slot (ids 4,096 apart), and keeps finding the same one.
 */
class ThreadTraceLookupTest {
    @Test
    void threadsWhoseIdsShareASlotEachGetTheirOwnTrace() throws Exception {
        TraceRuntime.start("test", "", 0);
        try {
            CountDownLatch firstHolds = new CountDownLatch(1);
            CountDownLatch secondDone = new CountDownLatch(1);
            AtomicReference<ThreadTrace> firstTrace = new AtomicReference<>();
            AtomicReference<ThreadTrace> firstAgain = new AtomicReference<>();
            AtomicReference<Boolean> firstInTable = new AtomicReference<>();
            Thread first = new Thread(() -> {
                firstTrace.set(Tracer.current());
                firstInTable.set(Tracer.inTable(firstTrace.get()));
                firstHolds.countDown();
                await(secondDone);
                firstAgain.set(Tracer.current());
            }, "first");
            first.start();
            firstHolds.await();
            AtomicReference<ThreadTrace> secondTrace = new AtomicReference<>();
            AtomicReference<ThreadTrace> secondAgain = new AtomicReference<>();
            AtomicReference<Boolean> secondInTable = new AtomicReference<>();
            Thread second = threadInTheSameSlotAs(first, () -> {
                secondTrace.set(Tracer.current());
                secondAgain.set(Tracer.current());
                secondInTable.set(Tracer.inTable(secondTrace.get()));
                secondDone.countDown();
            });
            second.start();
            second.join();
            first.join();

            assertNotNull(firstTrace.get());
            assertSame(first, firstTrace.get().owner);
            assertSame(firstTrace.get(), firstAgain.get(), "the first thread keeps its trace");
            assertSame(second, secondTrace.get().owner, "the second thread gets a trace of its own");
            assertSame(secondTrace.get(), secondAgain.get(), "and keeps it, found the slow way");
            assertNotSame(firstTrace.get(), secondTrace.get());
            assertEquals(true, firstInTable.get(), "the first thread's trace is in the table");
            assertEquals(false, secondInTable.get(), "the slot stays the live first thread's");

            // the first thread has ended: a third thread in the same slot takes the slot over
            AtomicReference<ThreadTrace> thirdTrace = new AtomicReference<>();
            AtomicReference<Boolean> thirdInTable = new AtomicReference<>();
            Thread third = threadInTheSameSlotAs(first, () -> {
                thirdTrace.set(Tracer.current());
                thirdInTable.set(Tracer.inTable(thirdTrace.get()));
            });
            third.start();
            third.join();
            assertSame(third, thirdTrace.get().owner);
            assertEquals(true, thirdInTable.get(), "the slot of an ended thread is taken over");
        } finally {
            TraceRuntime.stopAndFlush();
        }
    }

    /** A new thread whose id is in {@code other}'s slot (thread ids are handed out in order). */
    private static Thread threadInTheSameSlotAs(Thread other, Runnable body) {
        List<Thread> skipped = new ArrayList<>();
        while (true) {
            Thread t = new Thread(body, "same-slot");
            if (t.getId() != other.getId() && ((t.getId() - other.getId()) & 4095) == 0) return t;
            skipped.add(t); // never started
            if (skipped.size() > 20_000) throw new AssertionError("no thread id in the same slot");
            if (skipped.size() % 1000 == 0) skipped.clear();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
