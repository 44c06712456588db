package io.jtrace.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A run of one thread's trace records (method enter and exit, exceptions, variables, lines),
 * packed as described in {@link io.jtrace.runtime.RecordFormat}. One event carries up to a few
 * thousand records: that is what keeps tracing cheap and the recording small.
 */
@Name(TraceBatchEvent.NAME)
@Label("Trace Batch")
@Category({"jtrace"})
@Description("A run of one thread's jtrace records (method enter/exit, exceptions, variables, lines), "
        + "packed; decode with 'jtrace print'. Method ids resolve through jtrace.MethodDefinition.")
@StackTrace(false)
public final class TraceBatchEvent extends jdk.jfr.Event {
    public static final String NAME = "jtrace.TraceBatch";

    @Label("Thread Id")
    @Description("Thread.getId() of the thread that ran the traced code (virtual threads included)")
    public long threadId;

    @Label("Thread Name")
    @Description("Name of the traced thread when the batch was written")
    public String threadName;

    @Label("Virtual Thread")
    @Description("True if the traced thread is a virtual thread")
    public boolean virtualThread;

    @Label("Sequence")
    @Description("Per-thread batch number, from 0; a gap means a batch was lost")
    public long sequence;

    @Label("Base Time")
    @Description("System.nanoTime() that the first record's time delta is relative to")
    public long baseNanos;

    @Label("Start Depth")
    @Description("Traced call depth of the thread when the batch's first record was written")
    public int startDepth;

    @Label("Record Count")
    @Description("Number of records in the payload")
    public int recordCount;

    @Label("Payload")
    @Description("Records in jtrace's packed 7-bit varint format")
    public String payload;
}
