package io.jtrace.cli.live;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stuck terminal never holds up the live view: lines are dropped and the gap is said, with its size. */
class DroppingLinesTest {
    @Test
    void aStuckOutputDropsLinesAndSaysHowMany() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        OutputStream stuck = new OutputStream() {
            @Override
            public void write(int b) {
                try {
                    release.await(); // a terminal that does not read until released
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                synchronized (seen) {
                    seen.write(b);
                }
            }
        };
        DroppingLines lines = new DroppingLines(stuck, 4);
        // the output stays stuck until all 1000 lines are written: a writer that waited for it would
        // never finish (the deadline is only there to fail instead of hanging, not a speed)
        Thread writer = new Thread(() -> {
            try {
                for (int i = 0; i < 1000; i++) lines.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "writer");
        writer.start();
        writer.join(TimeUnit.SECONDS.toMillis(60));
        assertFalse(writer.isAlive(), "the writer waits for the stuck output");
        release.countDown();
        lines.close();

        String out;
        synchronized (seen) {
            out = seen.toString(StandardCharsets.UTF_8);
        }
        int shown = 0;
        long skipped = 0;
        Matcher m = Pattern.compile("~ (\\d+) lines? skipped \\(the output could not keep up\\)").matcher(out);
        while (m.find()) skipped += Long.parseLong(m.group(1));
        for (String l : out.split("\n")) if (l.startsWith("line ")) shown++;
        assertTrue(skipped > 0, out);
        assertEquals(1000, shown + skipped, "every line is either shown or counted as skipped: " + out);
        assertTrue(out.startsWith("line 0\n"), out);
        assertTrue(out.contains("line 999\n") || out.strip().endsWith("skipped (the output could not keep up)"), out);
    }
}
