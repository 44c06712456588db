package io.jtrace.cli.live;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The live trace's way to the terminal. The decoding side writes whole lines here and never
 * waits: lines go into a bounded queue that a printer thread writes out, and when the queue is
 * full (a slow terminal, a paused pipe) lines are dropped and counted; the printer then says
 * {@code ~ N lines skipped} where they were. The traced program is never slowed: it only writes
 * its recording, which the live view reads behind it.
 */
public final class DroppingLines extends OutputStream {
    private static final byte[] END = new byte[0];
    private final BlockingQueue<byte[]> queue;
    private final OutputStream out;
    private final Thread printer;
    private byte[] line = new byte[256];
    private int length;
    /** Lines dropped since the printer last wrote one: touched only by the decoding thread and under the queue's lock. */
    private long skipped;

    public DroppingLines(OutputStream out, int capacity) {
        this.out = out;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.printer = new Thread(this::print, "jtrace-live-printer");
        printer.setDaemon(true);
        printer.start();
    }

    @Override
    public void write(int b) {
        if (length == line.length) line = java.util.Arrays.copyOf(line, length * 2);
        line[length++] = (byte) b;
        if (b == '\n') endLine();
    }

    @Override
    public void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) write(b[i]);
    }

    private void endLine() {
        byte[] l = java.util.Arrays.copyOf(line, length);
        length = 0;
        synchronized (queue) {
            if (skipped > 0 && queue.offer(marker(skipped))) skipped = 0;
            if (skipped > 0 || !queue.offer(l)) skipped++;
        }
    }

    private static byte[] marker(long n) {
        return ("~ " + n + " line" + (n == 1 ? "" : "s") + " skipped (the output could not keep up)\n").getBytes(StandardCharsets.UTF_8);
    }

    private void print() {
        try {
            while (true) {
                byte[] l = queue.poll(200, TimeUnit.MILLISECONDS);
                if (l == null) {
                    out.flush();
                    continue;
                }
                if (l == END) break;
                out.write(l);
                if (queue.isEmpty()) out.flush();
            }
            out.flush();
        } catch (InterruptedException | IOException e) {
            // the terminal went away: stop printing
        }
    }

    /** Writes what is queued (and how many lines were dropped at the end), then stops the printer. */
    @Override
    public void close() throws IOException {
        synchronized (queue) {
            try {
                if (skipped > 0) queue.put(marker(skipped));
                skipped = 0;
                queue.put(END);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            printer.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
