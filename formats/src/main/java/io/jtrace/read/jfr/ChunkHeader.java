package io.jtrace.read.jfr;

import java.io.IOException;

/**
 * The fixed 68-byte header that starts every chunk of a JFR file (all numbers big-endian):
 * magic, version, the chunk's size and where its last constant pool and its metadata are. The
 * one description of that layout in formats: the reader, the chunk writer and the recovery of a
 * killed JVM's chunks ({@link ChunkFiles}) use these offsets. (The agent, which cannot depend on
 * formats, keeps the few it needs: docs/design/reading.md, "JFR chunks".)
 */
public record ChunkHeader(long start, int major, int minor, long size, long constantPoolOffset, long metadataOffset) {
    /** The header's length: the chunk's first event follows it. */
    public static final int SIZE = 68;
    /** "FLR\0", the first four bytes of every chunk (and so of every .jfr file). */
    public static final int MAGIC = ('F' << 24) | ('L' << 16) | ('R' << 8);
    /** Where the fields are: after the magic, the major and minor version (2 bytes each). */
    public static final int VERSION_AT = 4;
    /** The chunk's size in bytes, header included (a chunk being written: as far as its last flush). */
    public static final int SIZE_AT = 8;
    public static final int CONSTANT_POOL_AT = 16;
    public static final int METADATA_AT = 24;
    /** The chunk's start in nanoseconds since the epoch, then its duration in nanoseconds. */
    public static final int START_NANOS_AT = 32;
    public static final int DURATION_AT = 40;
    /** The chunk's start in ticks, then the ticks per second. */
    public static final int START_TICKS_AT = 48;
    public static final int TICKS_PER_SECOND_AT = 56;
    /** One byte: 0 once the chunk is finished, else it is being written. */
    public static final int FILE_STATE_AT = 64;
    /** The last byte: flags (1: compressed integers, 2: the recording's final chunk). */
    public static final int FLAGS_AT = 67;
    public static final int FLAG_COMPRESSED_INTEGERS = 1;
    public static final int FLAG_FINAL_CHUNK = 2;

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
            // JFR's versions go 0.9, 1.0, 2.0, 2.1: a version far from those is bytes after the magic, not a JDK
            super(major >= 3 && major <= 9
                    ? "it has JFR file version " + major + "." + minor + ", which this jtrace cannot read (it reads 1.x and 2.x):"
                            + " it was written by a newer JDK"
                    : "it starts like a JFR recording but has JFR file version " + major + "." + minor
                            + ", which no JDK writes: the file is damaged, or not a recording");
            this.major = major;
            this.minor = minor;
        }
    }
}
