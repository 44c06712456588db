package io.jtrace.read.jfr;

import java.io.IOException;

/**
 * The fixed 68-byte header that starts every chunk of a JFR file (all numbers big-endian):
 * magic, version, the chunk's size and where its last constant pool and its metadata are.
 */
record ChunkHeader(long start, int major, int minor, long size, long constantPoolOffset, long metadataOffset) {
    static final int SIZE = 68;
    private static final int MAGIC = ('F' << 24) | ('L' << 16) | ('R' << 8);

    static ChunkHeader read(JfrInput in, long start) throws IOException {
        in.position(start);
        if (in.readRawInt() != MAGIC) throw new DamageException("no chunk header at byte " + start);
        int major = in.readRawShort();
        int minor = in.readRawShort();
        if (major != 1 && major != 2) throw new UnsupportedVersionException(major, minor);
        long size = in.readRawLong();
        long constantPool = in.readRawLong();
        long metadata = in.readRawLong();
        if (metadata == 0) throw new DamageException("the chunk at byte " + start + " was never finished (no metadata)");
        if (size < SIZE || metadata < SIZE || metadata >= size || constantPool < 0 || constantPool >= size) {
            throw new DamageException("the chunk header at byte " + start + " points outside its chunk");
        }
        return new ChunkHeader(start, major, minor, size, constantPool, metadata);
    }

    /**
     * Whether the file ends before the chunk does. Such a chunk is still read as far as it goes
     * if its metadata and constant pools are there (a cut near its end), like the JDK does.
     */
    boolean cut(long fileSize) {
        return start + size > fileSize;
    }

    long end() {
        return start + size;
    }

    long eventsStart() {
        return start + SIZE;
    }

    /** A chunk whose format version this reader does not know (a newer JDK wrote it). */
    static final class UnsupportedVersionException extends IOException {
        final int major;
        final int minor;

        UnsupportedVersionException(int major, int minor) {
            super("it has JFR file version " + major + "." + minor + ", which this jtrace cannot read (it reads 1.x and 2.x):"
                    + " it was written by a newer JDK");
            this.major = major;
            this.minor = minor;
        }
    }
}
