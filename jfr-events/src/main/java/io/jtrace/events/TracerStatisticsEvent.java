package io.jtrace.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** Counters of the tracer itself: what it wrote, and every failure it swallowed. */
@Name(TracerStatisticsEvent.NAME)
@Label("Tracer Statistics")
@Category({"jtrace"})
@Description("Cumulative counters of the jtrace agent in this JVM")
@StackTrace(false)
@Period("endChunk")
public final class TracerStatisticsEvent extends jdk.jfr.Event {
    public static final String NAME = "jtrace.TracerStatistics";

    @Label("Classes Instrumented")
    @Description("Classes the agent rewrote so far")
    public long classesInstrumented;

    @Label("Classes Failed")
    @Description("Classes the agent could not rewrite (left untraced)")
    public long classesFailed;

    @Label("Methods")
    @Description("Methods given an id so far")
    public long methods;

    @Label("Batches")
    @Description("Trace batches written so far")
    public long batches;

    @Label("Records")
    @Description("Trace records written so far")
    public long records;

    @Label("Calls")
    @Description("Traced calls (enter records) written so far")
    public long calls;

    @Label("Untimed Calls")
    @Description("Calls recorded without a duration so far: measured shorter than the clock's own cost (jtrace run --timing full times every call)")
    public long untimedCalls;

    @Label("Threads")
    @Description("Threads that wrote trace records so far")
    public long threads;

    @Label("Internal Errors")
    @Description("Failures inside the tracer that were swallowed instead of thrown into the application")
    public long internalErrors;

    @Label("JFR Data Loss Events")
    @Description("jdk.DataLoss events of the recording this one was filtered from (jtrace filter copies the loss, which JFR's own event cannot carry); 0 in a recording made by the agent")
    public long dataLossEvents;

    @Label("JFR Data Loss")
    @Description("Bytes JFR reported lost in the recording this one was filtered from; 0 in a recording made by the agent")
    @jdk.jfr.DataAmount
    public long dataLossBytes;
}
