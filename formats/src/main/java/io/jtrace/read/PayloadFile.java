package io.jtrace.read;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Reads batch payloads where they are: in the recording itself, one byte per 7-bit unit. */
final class PayloadFile implements AutoCloseable {
    private final FileChannel channel;
    /** Two replays may read at once (a call tree built in two parts). */
    private final java.util.concurrent.atomic.AtomicLong bytesRead = new java.util.concurrent.atomic.AtomicLong();

    PayloadFile(Path recording) throws IOException {
        channel = FileChannel.open(recording, StandardOpenOption.READ);
    }

    /** Reads {@code length} bytes at {@code offset} into {@code into} (grown if needed); returns it. */
    byte[] read(long offset, int length, byte[] into) {
        bytesRead.addAndGet(length);
        return read(channel, offset, length, into);
    }

    long bytesRead() {
        return bytesRead.get();
    }

    static byte[] read(FileChannel channel, long offset, int length, byte[] into) {
        byte[] target = into != null && into.length >= length ? into : new byte[Math.max(length, 4096)];
        ByteBuffer b = ByteBuffer.wrap(target, 0, length);
        try {
            long at = offset;
            while (b.hasRemaining()) {
                int n = channel.read(b, at);
                if (n < 0) throw new IOException("file ended early at byte " + at);
                at += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
