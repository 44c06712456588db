package io.jtrace.read;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;

import java.util.ArrayList;
import java.util.List;

/** Turns a {@code jdk.ExecutionSample} into the frames {@link SampleProfile} counts. */
final class Samples {
    private Samples() {}

    /** Frames beyond this depth are left out (JFR's own stack depth limit is 64 by default). */
    private static final int MAX_FRAMES = 64;

    static void add(SampleProfile profile, RecordedEvent e) {
        RecordedStackTrace st = e.getStackTrace();
        if (st == null) return;
        List<RecordedFrame> frames = st.getFrames();
        List<SampleProfile.Frame> stack = new ArrayList<>(Math.min(frames.size(), MAX_FRAMES));
        for (RecordedFrame f : frames) {
            if (stack.size() == MAX_FRAMES) break;
            RecordedMethod m = f.getMethod();
            if (m == null || m.getType() == null) continue;
            stack.add(new SampleProfile.Frame(m.getType().getName(), m.getName(), m.getDescriptor()));
        }
        profile.add(stack);
    }
}
