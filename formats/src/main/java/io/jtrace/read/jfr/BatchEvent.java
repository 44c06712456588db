package io.jtrace.read.jfr;

/**
 * The fields of one {@code jtrace.TraceBatch} event as found in the file. Reused from event to
 * event. The payload is either in place ({@link #payloadOffset} &ge; 0: {@link #payloadLength}
 * bytes of the recording, one per 7-bit unit) or, when JFR did not store it one byte per char,
 * decoded into {@link #payloadText}.
 */
public final class BatchEvent {
    public long threadId;
    public String threadName;
    public boolean virtualThread;
    public long sequence;
    public long baseNanos;
    public int startDepth;
    public int recordCount;
    public long payloadOffset;
    public int payloadLength;
    public String payloadText;

    void clear() {
        threadId = 0;
        threadName = null;
        virtualThread = false;
        sequence = 0;
        baseNanos = 0;
        startDepth = 0;
        recordCount = 0;
        payloadOffset = -1;
        payloadLength = 0;
        payloadText = null;
    }
}
