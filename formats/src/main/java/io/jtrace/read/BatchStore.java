package io.jtrace.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Batch payloads spilled to a temporary file while the recording is read once, so that each
 * thread's records can then be replayed in order in bounded memory however large the file.
 */
final class BatchStore implements AutoCloseable {
    private final FileChannel channel;
    private long size;
    private final ByteBuffer writeBuffer = ByteBuffer.allocate(1 << 16);

    BatchStore() throws IOException {
        Path file = Files.createTempFile("jtrace-batches-", ".bin");
        channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.DELETE_ON_CLOSE);
        file.toFile().deleteOnExit();
    }

    /** Appends a payload; returns its offset. Payload chars are 7-bit, one byte each. */
    long append(String payload) throws IOException {
        long offset = size + writeBuffer.position();
        byte[] bytes = payload.getBytes(StandardCharsets.ISO_8859_1);
        if (bytes.length > writeBuffer.remaining()) drain();
        if (bytes.length > writeBuffer.capacity()) {
            channel.write(ByteBuffer.wrap(bytes), size);
            size += bytes.length;
        } else {
            writeBuffer.put(bytes);
        }
        return offset;
    }

    private void drain() throws IOException {
        writeBuffer.flip();
        while (writeBuffer.hasRemaining()) size += channel.write(writeBuffer, size);
        writeBuffer.clear();
    }

    void finishWriting() throws IOException {
        drain();
    }

    /** Reads {@code length} bytes at {@code offset} into {@code into} (grown if needed); returns it. */
    byte[] read(long offset, int length, byte[] into) {
        return PayloadFile.read(channel, offset, length, into);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
