package io.jtrace.read.jfr;

import java.io.IOException;

/** Steps over values of any type the metadata describes, without building them. */
final class JfrValues {
    private JfrValues() {}

    static void skipField(JfrInput in, JfrType.Field field, JfrType type) throws IOException {
        if (!field.array()) {
            skipOne(in, field, type, 0);
            return;
        }
        int n = in.readVarInt();
        if (n < 0) throw new DamageException("negative array length at byte " + in.position());
        for (int i = 0; i < n; i++) skipOne(in, field, type, 0);
    }

    private static void skipOne(JfrInput in, JfrType.Field field, JfrType type, int level) throws IOException {
        if (field.constantPool()) in.readVarLong();
        else skipValue(in, type, level);
    }

    static void skipValue(JfrInput in, JfrType type, int level) throws IOException {
        switch (type.kind) {
            case BOOLEAN: case BYTE: in.skip(1); return;
            case VARINT: in.readVarLong(); return;
            case FLOAT: in.skip(4); return;
            case DOUBLE: in.skip(8); return;
            case STRING: JfrStrings.skipBody(in, in.readUnsignedByte()); return;
            case COMPOSITE:
                if (level > 64) throw new DamageException("values nested too deep in " + type.name);
                for (int i = 0; i < type.fieldTypes.length; i++) {
                    JfrType.Field f = type.fields.get(i);
                    if (f.array()) {
                        int n = in.readVarInt();
                        if (n < 0) throw new DamageException("negative array length at byte " + in.position());
                        for (int j = 0; j < n; j++) skipOne(in, f, type.fieldTypes[i], level + 1);
                    } else {
                        skipOne(in, f, type.fieldTypes[i], level + 1);
                    }
                }
                return;
            default:
                throw new DamageException("a value of type " + type.name + ", which has no known layout");
        }
    }
}
