package io.jtrace.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Execution samples (JFR's {@code jdk.ExecutionSample}, taken while tracing with
 * {@code --sample}) summed up to show where time went outside traced methods: the top sampled
 * frames, and for samples in untraced code (the JDK, libraries, excluded packages) the nearest
 * traced caller that time belongs to.
 *
 * <p>Stacks are kept as distinct stacks with a count (frames interned), at most
 * {@code maxStacks} of them; further distinct stacks only count in the total, so memory is
 * bounded whatever the recording's length. Whether a frame is traced is decided at the end,
 * when every method definition of the recording is known.
 */
public final class SampleProfile {
    /** A sampled frame: binary class name, method name, JVM descriptor. */
    public record Frame(String className, String method, String descriptor) {
        public String displayName() {
            return className + "." + method + "(" + io.jtrace.model.Descriptors.simpleParameters(descriptor) + ")";
        }
    }

    /** A frame and how many samples it stands for. */
    public record Count(Frame frame, boolean traced, long samples) {}

    /**
     * What the samples say. {@code inTracer}: samples with jtrace's own tracer on the stack (its
     * runtime recording a call, its agent rewriting a class), left out of the other counts and of
     * the frames: they are the cost of tracing, not the program's time.
     */
    public record Result(long samples, long overflow, long inTracedMethods, long underTracedMethods,
                         long outsideTracedCode, long inTracer, List<Count> topFrames, List<Count> untracedTimeUnder) {}

    /** The tracer's own packages (its runtime, its agent and the agent's relocated ASM). */
    private static final String TRACER = "io.jtrace.";

    private final int maxStacks;
    private final Map<Frame, Frame> frames = new HashMap<>();
    private final Map<List<Frame>, long[]> stacks = new HashMap<>();
    private long samples;
    private long overflow;

    public SampleProfile(int maxStacks) {
        this.maxStacks = maxStacks;
    }

    /** One sample; {@code stack} top frame first. */
    public void add(List<Frame> stack) {
        samples++;
        Frame[] interned = new Frame[stack.size()];
        for (int i = 0; i < interned.length; i++) {
            Frame f = stack.get(i);
            Frame known = frames.putIfAbsent(f, f);
            interned[i] = known != null ? known : f;
        }
        List<Frame> key = Arrays.asList(interned);
        long[] n = stacks.get(key);
        if (n == null) {
            if (stacks.size() >= maxStacks) {
                overflow++;
                return;
            }
            stacks.put(key, n = new long[1]);
        }
        n[0]++;
    }

    public long samples() {
        return samples;
    }

    /** Sums the samples up; {@code traced} says whether a frame is a traced method. */
    public Result analyse(Predicate<Frame> traced, int top) {
        Map<Frame, Boolean> isTraced = new HashMap<>();
        Map<Frame, long[]> topFrames = new HashMap<>();
        Map<Frame, long[]> under = new HashMap<>();
        long inTraced = 0, underTraced = 0, outside = 0, inTracer = 0;
        for (Map.Entry<List<Frame>, long[]> e : stacks.entrySet()) {
            List<Frame> stack = e.getKey();
            long n = e.getValue()[0];
            if (stack.isEmpty()) {
                outside += n;
                continue;
            }
            if (stack.stream().anyMatch(f -> f.className() != null && f.className().startsWith(TRACER))) {
                inTracer += n;
                continue;
            }
            topFrames.computeIfAbsent(stack.get(0), k -> new long[1])[0] += n;
            if (isTraced.computeIfAbsent(stack.get(0), traced::test)) {
                inTraced += n;
                continue;
            }
            Frame caller = null;
            for (int i = 1; i < stack.size() && caller == null; i++) {
                if (isTraced.computeIfAbsent(stack.get(i), traced::test)) caller = stack.get(i);
            }
            if (caller == null) {
                outside += n;
            } else {
                underTraced += n;
                under.computeIfAbsent(caller, k -> new long[1])[0] += n;
            }
        }
        return new Result(samples, overflow, inTraced, underTraced, outside, inTracer,
                ranked(topFrames, isTraced, traced, top), ranked(under, isTraced, traced, top));
    }

    private static List<Count> ranked(Map<Frame, long[]> counts, Map<Frame, Boolean> isTraced,
                                      Predicate<Frame> traced, int top) {
        List<Count> list = new ArrayList<>();
        for (Map.Entry<Frame, long[]> e : counts.entrySet()) {
            list.add(new Count(e.getKey(), isTraced.computeIfAbsent(e.getKey(), traced::test), e.getValue()[0]));
        }
        list.sort(Comparator.comparingLong(Count::samples).reversed().thenComparing(c -> c.frame().displayName()));
        return list.subList(0, Math.min(top, list.size()));
    }
}
