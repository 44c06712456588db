package io.jtrace.compare;

import io.jtrace.model.MethodInfo;
import io.jtrace.recording.Selection;

import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Numbers the methods of two recordings so that the same method (class, name, descriptor) has the
 * same number in both: a walk then compares two ints per call, not three strings. Each recording's
 * methods are numbered by their id there (an array read per call), and whether a method is ignored
 * is decided once per method, not per call (a method pattern is a regular expression). Each side
 * is used by one thread; new numbers are handed out under a lock.
 */
final class MethodNumbers {
    private final Map<MethodKey, Integer> numbers = new HashMap<>();
    private final Selection selection;
    /** Sides handed out: each gets its own closer-look key. */
    private int sides;

    MethodNumbers(Selection selection) {
        this.selection = selection;
    }

    /** One recording's methods. */
    Side side() {
        return new Side(-1 - sides++);
    }

    final class Side {
        /** The key of this side's steps that need a closer look ({@link StepBlock#key}): no other side's. */
        final int closerKey;

        private Side(int closerKey) {
            this.closerKey = closerKey;
        }

        /** By method id: its number + 1, or 0 if not asked yet; negative: minus (number + 1) of an ignored method. */
        private int[] byId = new int[256];
        /** Methods whose ids are too far apart for the array (a damaged record). */
        private final Map<MethodInfo, Integer> sparse = new IdentityHashMap<>();

        /** The method's number in both recordings. */
        int number(MethodInfo m) {
            return Math.abs(entry(m)) - 1;
        }

        boolean ignored(MethodInfo m) {
            return entry(m) < 0;
        }

        private int entry(MethodInfo m) {
            int id = m.id();
            if (id >= 0 && id < byId.length && byId[id] != 0) return byId[id];
            return firstTime(m, id);
        }

        /** A method not numbered on this side yet: the two sides may be read on two threads, the numbers are shared. */
        private int firstTime(MethodInfo m, int id) {
            synchronized (MethodNumbers.this) {
                return firstTimeLocked(m, id);
            }
        }

        private int firstTimeLocked(MethodInfo m, int id) {
            if (!MethodInfo.denseId(id, numbers.size())) return sparse.computeIfAbsent(m, this::newEntry);
            if (id >= byId.length) byId = Arrays.copyOf(byId, Math.max(id + 1, byId.length * 2));
            return byId[id] = newEntry(m);
        }

        private int newEntry(MethodInfo m) {
            int n = numbers.computeIfAbsent(MethodKey.of(m), k -> numbers.size()) + 1;
            return selection.ignores(m) ? -n : n;
        }
    }
}
