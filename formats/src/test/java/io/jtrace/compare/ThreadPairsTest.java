package io.jtrace.compare;

import io.jtrace.model.ThreadInfo;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ThreadPairsTest {
    private static ThreadInfo t(long id, String name) {
        return new ThreadInfo(id, name, false, (int) id);
    }

    @Test
    void poolNumbersDoNotKeepThreadsApart() {
        List<ThreadPairs.Pair> pairs = ThreadPairs.pair(
                List.of(t(1, "main"), t(2, "pool-1-thread-1"), t(3, "pool-1-thread-2")),
                List.of(t(1, "main"), t(5, "pool-3-thread-1"), t(6, "pool-3-thread-2")), List.of());
        assertEquals(3, pairs.size());
        assertEquals("main", pairs.get(0).label());
        assertEquals("pool-1-thread-1 = pool-3-thread-1", pairs.get(1).label());
        assertEquals("pool-1-thread-2 = pool-3-thread-2", pairs.get(2).label());
    }

    @Test
    void anExactNameGoesFirstAndTheRestAreOnOneSide() {
        List<ThreadPairs.Pair> pairs = ThreadPairs.pair(List.of(t(1, "worker-2"), t(2, "loader")),
                List.of(t(7, "worker-1"), t(8, "worker-2"), t(9, "saver")), List.of());
        assertEquals("worker-2", pairs.get(0).label());
        assertEquals(8, pairs.get(0).b().id());
        assertNull(pairs.get(1).b()); // loader: only in A
        assertNull(pairs.get(2).a()); // worker-1 and saver: only in B
        assertNull(pairs.get(3).a());
        assertEquals(4, pairs.size());
    }

    @Test
    void givenPairsOverrideTheNames() {
        List<ThreadPairs.Pair> pairs = ThreadPairs.pair(List.of(t(1, "main"), t(2, "Thread-0")),
                List.of(t(3, "main"), t(4, "io-worker")), List.of(ThreadPairs.Given.parse("Thread-0=io-worker")));
        assertEquals("Thread-0 = io-worker", pairs.get(0).label());
        assertEquals("main", pairs.get(1).label());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ThreadPairs.pair(List.of(t(1, "main")), List.of(t(3, "main")), List.of(ThreadPairs.Given.parse("nope=main"))));
        assertEquals("--pair nope=main: no thread nope in A", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ThreadPairs.Given.parse("main"));
        assertThrows(IllegalArgumentException.class, () -> ThreadPairs.Given.parse("a=b=c"));
    }
}
