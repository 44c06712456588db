package io.jtrace.read.jfr;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * JFR's string values: an encoding byte, then nothing (null, empty), a constant-pool key, or a
 * length and the characters as UTF-8 bytes, Latin-1 bytes or one varint per char.
 */
final class JfrStrings {
    private JfrStrings() {}

    static final int NULL = 0;
    static final int EMPTY = 1;
    static final int CONSTANT_POOL = 2;
    static final int UTF8 = 3;
    static final int CHAR_ARRAY = 4;
    static final int LATIN1 = 5;

    /** Longest string decoded into a Java String here (names, not payloads). */
    private static final int MAX_DECODED = 1 << 20;

    /** A string that cannot be a pool reference (metadata, pool entries). */
    static String readInline(JfrInput in, String where) throws IOException {
        int encoding = in.readUnsignedByte();
        if (encoding == CONSTANT_POOL) throw new DamageException("a constant-pool string in the " + where);
        return readBody(in, encoding);
    }

    /** A string value, resolving a pool reference through {@code strings}. */
    static String read(JfrInput in, ConstantStrings strings) throws IOException {
        int encoding = in.readUnsignedByte();
        if (encoding != CONSTANT_POOL) return readBody(in, encoding);
        long key = in.readVarLong();
        String s = strings.decode(in, key);
        if (s == null && strings.location(key) == null) throw new DamageException("string " + key + " is missing from the chunk's constant pool");
        return s;
    }

    /** The string after its encoding byte (not a pool reference). */
    static String readBody(JfrInput in, int encoding) throws IOException {
        switch (encoding) {
            case NULL: return null;
            case EMPTY: return "";
            case UTF8:
            case LATIN1: {
                int length = checkedLength(in);
                byte[] bytes = new byte[length];
                in.readFully(bytes, 0, length);
                return new String(bytes, encoding == UTF8 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
            }
            case CHAR_ARRAY: { // what JFR writes for strings of up to 16 chars: most method names
                int length = checkedLength(in);
                String ascii = in.readAsciiVarintChars(length);
                if (ascii != null) return ascii;
                char[] chars = new char[length];
                for (int i = 0; i < length; i++) chars[i] = (char) in.readVarLong();
                return new String(chars);
            }
            default:
                throw new DamageException("unknown string encoding " + encoding + " at byte " + (in.position() - 1));
        }
    }

    private static int checkedLength(JfrInput in) throws IOException {
        long at = in.position();
        int length = in.readVarInt();
        if (length >= 0 && length <= MAX_DECODED && length > in.size() - in.position()) {
            throw new java.io.EOFException("the file ends inside a string at byte " + at); // a cut file, not a bad length
        }
        if (length < 0 || length > MAX_DECODED) {
            throw new DamageException("bad string length " + length + " at byte " + at);
        }
        return length;
    }

    /** Steps over a string value after its encoding byte. */
    static void skipBody(JfrInput in, int encoding) throws IOException {
        switch (encoding) {
            case NULL: case EMPTY: return;
            case CONSTANT_POOL: in.readVarLong(); return;
            case UTF8: case LATIN1: {
                long length = in.readVarInt() & 0xffffffffL;
                in.skip(length);
                return;
            }
            case CHAR_ARRAY: {
                int length = in.readVarInt();
                for (int i = 0; i < length; i++) in.readVarLong();
                return;
            }
            default:
                throw new DamageException("unknown string encoding " + encoding + " at byte " + (in.position() - 1));
        }
    }
}
