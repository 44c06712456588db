package io.jtrace.read;

import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * How many payload bytes a recording's records would take in candidate layouts of a printable
 * payload (how format 3 was chosen; docs/design/record-format.md). Decodes every batch of
 * the recordings given (any format) and re-encodes each record's first unit, time delta and body
 * varints in each layout, counting chars; "format 2" is the same count in format 2's layout, which
 * equals the payloads' real size for a format-2 recording (a check of the count), as the chosen
 * layout's equals a format-3 recording's.
 *
 * A layout: T terminal and C continuation digits per varint (T + C = 95, one char each below 128);
 * a timed exit's delta under X in the first digit itself; then first-digit forms of a few bits
 * plus a more-bit for a longer exit, a timed enter's id, an untimed enter's id and a line.
 * "latin1 remap" instead maps format 2's 128 units onto 95 ASCII chars and 33 chars from 0xA0 up
 * (the 33 rarest units there), each of which JDK 17 writes in two bytes.
 *
 *   javac -d /tmp/layouts -cp formats/target/classes:jfr-events/target/classes bench/PayloadLayouts.java
 *   java -cp /tmp/layouts:formats/target/classes:jfr-events/target/classes io.jtrace.read.PayloadLayouts FILE.jfr...
 *
 * In package io.jtrace.read for RawRecord, which knows every kind's body.
 */
public class PayloadLayouts {
    record Layout(String name, int terminal, int continuation, int exitDigits, int exitLongBits, int enterBits,
                  int untimedEnterBits, int lineBits) {
        int digits() {
            return exitDigits + (2 << exitLongBits) + (2 << enterBits) + (2 << untimedEnterBits) + 1 + (2 << lineBits) + 1;
        }

        int varint(long v) {
            int n = 1;
            while (v < 0 || v >= terminal) {
                v = Long.divideUnsigned(v, continuation);
                n++;
            }
            return n;
        }

        int form(long v, int bits) {
            return (v >>> bits) == 0 ? 1 : 1 + varint(v >>> bits);
        }

        long record(int kind, long aux, long delta, long[] body, int bodyLength) {
            long s;
            if (kind == RecordFormat.EXIT && aux == 0) s = delta < exitDigits ? 1 : form(delta - exitDigits, exitLongBits);
            else if (kind == RecordFormat.ENTER) s = form(aux, enterBits) + varint(delta);
            else if (kind == RecordFormat.ENTER_UNTIMED) s = form(aux, untimedEnterBits);
            else if (kind == RecordFormat.EXIT) s = 1; // untimed
            else if (kind == RecordFormat.LINE) s = form(aux, lineBits) + varint(delta);
            else s = 1 + varint((aux << 4) | kind) + (delta >= 0 ? varint(delta) : 0);
            for (int i = 0; i < bodyLength; i++) s += varint(body[i]);
            return s;
        }
    }

    static final List<Layout> LAYOUTS = List.of(
        new Layout("format 2 (128 units)", 64, 64, 64, 2, 4, 2, 2),
        new Layout("T63 C32 X37 el2 en4 eu2 ln2 (format 3)", 63, 32, 37, 2, 4, 2, 2),
        new Layout("T79 C16 X37 el2 en4 eu2 ln2", 79, 16, 37, 2, 4, 2, 2),
        new Layout("T87 C8  X37 el2 en4 eu2 ln2", 87, 8, 37, 2, 4, 2, 2),
        new Layout("T63 C32 X29 el2 en4 eu3 ln2", 63, 32, 29, 2, 4, 3, 2),
        new Layout("T63 C32 X45 el1 en4 eu2 ln1", 63, 32, 45, 1, 4, 2, 1),
        new Layout("T63 C32 X57 el2 en3 eu2 ln1", 63, 32, 57, 2, 3, 2, 1),
        new Layout("T79 C16 X57 el2 en3 eu2 ln1", 79, 16, 57, 2, 3, 2, 1),
        new Layout("T47 C48 X57 el2 en3 eu2 ln1", 47, 48, 57, 2, 3, 2, 1),
        new Layout("T31 C64 X57 el2 en3 eu2 ln1", 31, 64, 57, 2, 3, 2, 1));

    public static void main(String[] args) throws Exception {
        for (String f : args) {
            long records = 0, payload = 0;
            long[] sizes = new long[LAYOUTS.size()];
            long[] unitCounts = new long[128];
            long[] body = new long[64];
            RecordDecoder d = new RecordDecoder();
            RecordDecoder bodyDecoder = new RecordDecoder();
            RawRecord r = new RawRecord();
            try (RecordingFile rf = new RecordingFile(Path.of(f))) {
                while (rf.hasMoreEvents()) {
                    RecordedEvent e = rf.readEvent();
                    if (!e.getEventType().getName().equals("jtrace.TraceBatch")) continue;
                    byte[] b = e.getString("payload").getBytes(StandardCharsets.ISO_8859_1);
                    payload += b.length;
                    d.reset(b, 0, b.length);
                    d.startBatch();
                    int varints = d.format() == 3 ? 3 : 1;
                    for (int i = 0; i < sizes.length; i++) sizes[i]++; // the batch's format unit
                    long clock = 0;
                    while (d.hasMore()) {
                        r.read(d, clock);
                        clock = r.nanos;
                        records++;
                        int n = 0;
                        bodyDecoder.reset(b, r.bodyStart, r.bodyEnd - r.bodyStart, varints);
                        while (bodyDecoder.hasMore()) {
                            if (n == body.length) body = Arrays.copyOf(body, n * 2);
                            body[n++] = bodyDecoder.readVarLong();
                        }
                        for (int i = 0; i < sizes.length; i++) sizes[i] += LAYOUTS.get(i).record(d.kind, d.aux, d.delta, body, n);
                    }
                    if (varints == 1) for (byte x : b) unitCounts[x & 0x7f]++;
                }
            }
            System.out.printf(Locale.ROOT, "%s: %,d records, payloads %,d bytes%n", f, records, payload);
            for (int i = 0; i < sizes.length; i++) {
                Layout l = LAYOUTS.get(i);
                System.out.printf(Locale.ROOT, "  %-40s %3d digits %,14d B %6.3f B/record %7.4f x format 2%n", l.name(), l.digits(),
                    sizes[i], sizes[i] / (double) records, sizes[i] / (double) sizes[0]);
            }
            if (payload > 0 && unitCounts[RecordFormat.FORMAT_2] > 0) {
                long[] sorted = unitCounts.clone();
                Arrays.sort(sorted);
                long rare = 0;
                for (int i = 0; i < 33; i++) rare += sorted[i]; // the 33 rarest units, on two-byte chars
                System.out.printf(Locale.ROOT, "  %-40s %3d chars %,14d B %6.3f B/record %7.4f x format 2 (on JDK 17)%n", "latin1 remap", 128,
                    payload + rare, (payload + rare) / (double) records, (payload + rare) / (double) payload);
            }
        }
    }
}
