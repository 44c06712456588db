package io.jtrace.model;

import java.util.List;

/** What a writer may want to know before the first event. */
public record RecordingInfo(String source, long epochNanosOrigin, List<ThreadInfo> threads, long records) {}
