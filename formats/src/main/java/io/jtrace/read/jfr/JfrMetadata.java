package io.jtrace.read.jfr;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The types of one chunk, from its metadata event: a string table, then a tree of elements
 * (root &gt; metadata &gt; class &gt; field) whose attributes name strings of the table. Only
 * what is needed to step over values is kept: each class's id, name and fields.
 */
final class JfrMetadata {
    static final long METADATA_EVENT = 0;
    static final long CHECKPOINT_EVENT = 1;

    private final Map<Long, JfrType> types = new HashMap<>();
    private final Map<String, JfrType> byName = new HashMap<>();
    private String[] strings;

    /** The metadata event's id and size: chunks of one recording usually repeat the same metadata. */
    private long id = -1;
    private long size = -1;

    /** Reads the chunk's metadata, or returns {@code previous} if it is the same (same id and size). */
    static JfrMetadata read(JfrInput in, ChunkHeader chunk, JfrMetadata previous) throws IOException {
        long start = chunk.start() + chunk.metadataOffset();
        in.position(start);
        long size = in.readVarLong();
        if (in.readVarLong() != METADATA_EVENT) throw new DamageException("no metadata event at byte " + start);
        in.readVarLong(); // start time
        in.readVarLong(); // duration
        long id = in.readVarLong();
        if (previous != null && previous.id == id && previous.size == size) return previous;
        JfrMetadata m = new JfrMetadata();
        m.id = id;
        m.size = size;
        int count = in.readVarInt();
        if (count < 0 || count > size) throw new DamageException("bad metadata string table at byte " + start);
        m.strings = new String[count];
        for (int i = 0; i < count; i++) m.strings[i] = JfrStrings.readInline(in, "metadata");
        m.readElement(in, null, null, 0);
        if (in.position() != start + size) throw new DamageException("the metadata event at byte " + start + " does not match its size");
        m.resolve();
        return m;
    }

    JfrType type(long id) {
        return types.get(id);
    }

    JfrType type(String name) {
        return byName.get(name);
    }

    /** Walks one element and its children; {@code owner} is the class a field element belongs to. */
    private void readElement(JfrInput in, String parentName, JfrType owner, int level) throws IOException {
        if (level > 32) throw new DamageException("metadata nested too deep");
        String name = string(in.readVarInt());
        int attributes = in.readVarInt();
        Map<String, String> attrs = new HashMap<>();
        for (int i = 0; i < attributes; i++) attrs.put(string(in.readVarInt()), string(in.readVarInt()));
        JfrType type = owner;
        if ("class".equals(name) && "metadata".equals(parentName)) {
            type = new JfrType(Long.parseLong(attrs.get("id")), attrs.get("name"));
            types.put(type.id, type);
            byName.put(type.name, type);
        } else if ("field".equals(name) && "class".equals(parentName) && owner != null) {
            owner.fields.add(new JfrType.Field(attrs.get("name"), Long.parseLong(attrs.get("class")),
                    "true".equals(attrs.get("constantPool")), "1".equals(attrs.get("dimension"))));
        }
        int children = in.readVarInt();
        for (int i = 0; i < children; i++) readElement(in, name, type, level + 1);
    }

    private String string(int index) throws DamageException {
        if (index < 0 || index >= strings.length) throw new DamageException("metadata names string " + index + " of " + strings.length);
        return strings[index];
    }

    /** Decides each type's layout; a field of an undeclared type makes the chunk unreadable. */
    private void resolve() throws DamageException {
        for (JfrType t : types.values()) {
            t.kind = JfrType.kindOf(t.name, !t.fields.isEmpty());
            if (t.kind == null) t.kind = JfrType.Kind.UNKNOWN; // annotations, settings: never a value
            t.fieldTypes = new JfrType[t.fields.size()];
            for (int i = 0; i < t.fields.size(); i++) {
                JfrType f = types.get(t.fields.get(i).typeId());
                if (f == null) throw new DamageException("field " + t.name + "." + t.fields.get(i).name() + " has an undeclared type");
                t.fieldTypes[i] = f;
            }
        }
    }
}
