package io.jtrace.read.jfr;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The strings of one chunk's constant pools, read once, front to back, when the chunk is opened:
 * short ones (names) decoded then, so that looking one up later never moves the reader; long
 * ones (batch payloads) only located, to be read in place. JDK 25 pools every string of 129 to
 * 131,071 chars, so a payload is usually a pool entry there; JDK 17 pools some of 17 to 127 chars.
 */
final class ConstantStrings {
    /** A string's characters at {@code offset}: {@code length} bytes if {@code contiguous}, else {@code length} varint chars. */
    record Location(int encoding, long offset, int length, boolean contiguous) {}

    /** Strings up to this many chars are decoded while the pools are read (names, short payloads). */
    static final int DECODED_LENGTH = 1024;

    private final Map<Long, Location> byKey = new HashMap<>();
    private final Map<Long, String> decoded = new HashMap<>();

    static ConstantStrings read(JfrInput in, ChunkHeader chunk, JfrMetadata metadata) throws IOException {
        ConstantStrings strings = new ConstantStrings();
        JfrType stringType = metadata.type("java.lang.String");
        if (chunk.constantPoolOffset() == 0) return strings;
        long at = chunk.start() + chunk.constantPoolOffset();
        for (int guard = 0; ; guard++) {
            if (at < chunk.eventsStart() || at >= chunk.end() || guard > 1_000_000) {
                throw new DamageException("the constant pools of the chunk at byte " + chunk.start() + " are not linked properly");
            }
            in.position(at);
            long size = in.readVarLong();
            if (in.readVarLong() != JfrMetadata.CHECKPOINT_EVENT) throw new DamageException("no constant pool at byte " + at);
            in.readVarLong(); // start time
            in.readVarLong(); // duration
            long delta = in.readVarLong();
            in.readUnsignedByte(); // checkpoint kind (flush or not)
            int pools = in.readVarInt();
            for (int i = 0; i < pools; i++) {
                long typeId = in.readVarLong();
                JfrType type = metadata.type(typeId);
                if (type == null) throw new DamageException("a constant pool of undeclared type " + typeId + " at byte " + at);
                int count = in.readVarInt();
                for (int j = 0; j < count; j++) {
                    long key = in.readVarLong();
                    if (type == stringType) strings.add(in, key);
                    else JfrValues.skipValue(in, type, 0);
                }
            }
            if (in.position() != at + size) throw new DamageException("the constant pool at byte " + at + " does not match its size");
            if (delta == 0) return strings;
            at += delta;
        }
    }

    /** Records where a pool string is and steps over it, decoding it on the way if it is short. */
    private void add(JfrInput in, long key) throws IOException {
        long start = in.position();
        Location l = locate(in);
        byKey.put(key, l);
        if (l.encoding() == JfrStrings.NULL || l.length() > DECODED_LENGTH) return;
        long after = in.position();
        in.position(start);
        decoded.put(key, JfrStrings.readBody(in, in.readUnsignedByte()));
        in.position(after);
    }

    /** Records where a pool string is and steps over it. */
    private static Location locate(JfrInput in) throws IOException {
        int encoding = in.readUnsignedByte();
        switch (encoding) {
            case JfrStrings.NULL:
            case JfrStrings.EMPTY:
                return new Location(encoding, in.position(), 0, true);
            case JfrStrings.UTF8:
            case JfrStrings.LATIN1: {
                int length = in.readVarInt();
                Location l = new Location(encoding, in.position(), length, true);
                in.skip(length);
                return l;
            }
            case JfrStrings.CHAR_ARRAY: {
                int length = in.readVarInt();
                long start = in.position();
                boolean oneByteEach = true;
                for (int i = 0; i < length; i++) if (in.readVarLong() >= 0x80) oneByteEach = false;
                return new Location(encoding, start, length, oneByteEach);
            }
            default:
                throw new DamageException("unknown string encoding " + encoding + " at byte " + (in.position() - 1));
        }
    }

    Location location(long key) {
        return byKey.get(key);
    }

    /**
     * The string a pool key names; null if missing. Short strings come from memory; a long one is
     * read where it is (a payload JFR did not store one byte per char: rare).
     */
    String decode(JfrInput in, long key) throws IOException {
        String s = decoded.get(key);
        if (s != null) return s;
        Location l = byKey.get(key);
        if (l == null) return null;
        long saved = in.position();
        try {
            switch (l.encoding()) {
                case JfrStrings.NULL: return null;
                case JfrStrings.EMPTY: return "";
                default:
                    in.position(l.offset());
                    byte[] bytes;
                    if (l.encoding() == JfrStrings.CHAR_ARRAY) {
                        char[] chars = new char[l.length()];
                        for (int i = 0; i < chars.length; i++) chars[i] = (char) in.readVarLong();
                        return new String(chars);
                    }
                    bytes = new byte[l.length()];
                    in.readFully(bytes, 0, bytes.length);
                    return new String(bytes, l.encoding() == JfrStrings.UTF8
                            ? java.nio.charset.StandardCharsets.UTF_8 : java.nio.charset.StandardCharsets.ISO_8859_1);
            }
        } finally {
            in.position(saved);
        }
    }
}
