package io.jtrace.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * What was traced and how: the agent's options and the clock origin that turns the
 * nanoTime stamps of trace records into wall-clock time. Written in every chunk.
 */
@Name(SessionEvent.NAME)
@Label("Trace Session")
@Category({"jtrace"})
@Description("jtrace agent options and clock origin of this recording")
@StackTrace(false)
@Period("beginChunk")
public final class SessionEvent extends jdk.jfr.Event {
    public static final String NAME = "jtrace.Session";

    @Label("jtrace Version")
    @Description("Version of the agent that wrote the recording")
    public String version;

    @Label("Agent Options")
    @Description("Options the agent was started with")
    public String options;

    @Label("Process Id")
    @Description("Process id of the traced JVM")
    public long pid;

    @Label("Nano Origin")
    @Description("System.nanoTime() when tracing started")
    public long nanoOrigin;

    @Label("Epoch Origin")
    @Description("Wall-clock time in nanoseconds since the epoch at Nano Origin")
    public long epochNanosOrigin;

    @Label("Host")
    @Description("Name of the machine the traced JVM ran on (the kernel's host name), or null where unknown")
    public String host;

    @Label("Format Version")
    @Description("Version of the trace record format")
    public int formatVersion;
}
