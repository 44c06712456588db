package io.jtrace.e2e;

import io.jtrace.cli.read.ThreadTimeline;
import io.jtrace.cli.read.TraceIndex;
import io.jtrace.cli.read.TraceReader;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

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
            ThreadTimeline tl = index.timeline(t);
            for (TraceEvent e = tl.next(); e != null; e = tl.next()) events.add(e);
            r.threads.put(t, events);
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
