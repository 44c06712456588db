package io.jtrace.e2e;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.ThreadTimeline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small recording read whole into memory through jtrace's own reader, for assertions. */
public final class Recording {
    public final TraceIndex index;
    public final Map<ThreadInfo, List<TraceEvent>> threads = new LinkedHashMap<>();

    private Recording(TraceIndex index) {
        this.index = index;
    }

    public static Recording read(Path file) throws IOException {
        TraceIndex index = TraceReader.read(file, null);
        Recording r = new Recording(index);
        for (ThreadInfo t : index.threads()) {
            List<TraceEvent> events = new ArrayList<>();
            ThreadTimeline tl = ThreadTimeline.of(index, t);
            for (TraceEvent e = tl.next(); e != null; e = tl.next()) events.add(e);
            r.threads.put(t, events);
            // the replay every command uses (decoding handed over from a second thread) gives the
            // same events, in the same order, with the same values of --args calls, as the pull cursor
            List<TraceEvent> replayed = new ArrayList<>();
            io.jtrace.replay.CurrentValues values = new io.jtrace.replay.CurrentValues();
            io.jtrace.replay.Replay.of(index, List.of(t)).values(values).into(new io.jtrace.analysis.EventBuilder(values, replayed::add));
            if (!replayed.equals(events)) {
                int i = 0;
                while (i < Math.min(events.size(), replayed.size()) && events.get(i).equals(replayed.get(i))) i++;
                throw new AssertionError(file + ", thread " + t.label() + ": replay differs from the timeline at event " + i
                        + ": " + (i < replayed.size() ? replayed.get(i) : "(end)") + " instead of "
                        + (i < events.size() ? events.get(i) : "(end)"));
            }
        }
        index.close();
        return r;
    }

    public List<TraceEvent> thread(String name) {
        for (Map.Entry<ThreadInfo, List<TraceEvent>> e : threads.entrySet()) {
            if (e.getKey().label().equals(name)) return e.getValue();
        }
        throw new AssertionError("no thread " + name + " in " + threads.keySet());
    }

    public List<TraceEvent> all() {
        List<TraceEvent> all = new ArrayList<>();
        threads.values().forEach(all::addAll);
        return all;
    }
}
