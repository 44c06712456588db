package io.jtrace.runtime;

import java.util.function.Consumer;

/**
 * The traced frames really on the calling thread's stack, found with a StackWalker. Used only
 * to repair a thread's stack of open frames after the tracer failed on it (out of stack or
 * memory): then calls may have entered or left without our knowing, and the real stack is the
 * only truth left. Slow (a walk of the whole stack), so never on the normal path.
 */
final class TracedFrames {
    private TracedFrames() {}

    /** Frame descriptors need class references on newer JDKs (25: UnsupportedOperationException without). */
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final String RUNTIME_PACKAGE = TracedFrames.class.getPackage().getName() + ".";

    /**
     * Method ids of the traced frames on the stack, outermost first; without the innermost one
     * if {@code entering} (it is calling {@link Tracer#enter}: not open yet).
     */
    static int[] onStack(boolean entering) {
        Collector c = new Collector(entering);
        WALKER.forEach(c);
        int[] out = new int[c.count];
        for (int i = 0; i < c.count; i++) out[i] = c.ids[c.count - 1 - i];
        return out;
    }

    /** Walks innermost first. A class, not a lambda: no call site to link deep in a stack overflow. */
    private static final class Collector implements Consumer<StackWalker.StackFrame> {
        private final boolean entering;
        private boolean first = true;
        int[] ids = new int[64];
        int count;

        Collector(boolean entering) {
            this.entering = entering;
        }

        @Override
        public void accept(StackWalker.StackFrame f) {
            String c = f.getClassName();
            if (c.startsWith(RUNTIME_PACKAGE)) return; // the tracer itself
            int id = MethodRegistry.idOf(c, f.getMethodName(), f.getDescriptor());
            boolean skip = entering && first;
            first = false;
            if (id <= 0 || skip) return;
            if (count == ids.length) ids = java.util.Arrays.copyOf(ids, count * 2);
            ids[count++] = id;
        }
    }

    /** Links and initializes what a walk uses, while the stack is shallow (see TraceRuntime). */
    static void prepare() {
        onStack(false);
    }
}
