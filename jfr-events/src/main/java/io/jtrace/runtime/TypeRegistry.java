package io.jtrace.runtime;

import io.jtrace.events.TypeDefinitionEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compact ids for classes that appear in records (exception types, value types). One id per
 * class name: a name registered by the agent before its class is loaded (a declared catch type)
 * keeps its id when the class itself shows up, and then gains its superclasses.
 */
public final class TypeRegistry {
    private TypeRegistry() {}

    private static final class Entry {
        final String name;
        /** Comma-separated superclass chain; null while only the name is known. */
        String supers;

        Entry(String name, String supers) {
            this.name = name;
            this.supers = supers;
        }
    }

    private static final List<Entry> TYPES = new ArrayList<>();
    private static final Map<String, Integer> BY_NAME = new HashMap<>();

    private static final ClassValue<Integer> IDS = new ClassValue<Integer>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return register(type.getName(), superTypesOf(type));
        }
    };

    /** Type id of {@code o}'s class, 0 for null. */
    public static int idOf(Object o) {
        return o == null ? 0 : IDS.get(o.getClass());
    }

    public static int idOfClass(Class<?> c) {
        return c == null ? 0 : IDS.get(c);
    }

    /**
     * Id for a binary class name (or any type label such as "A | B") without loading a class:
     * the agent registers declared catch types this way while it instruments.
     */
    public static int idOfName(String name) {
        if (name == null) return 0;
        return register(name, null);
    }

    private static int register(String name, String supers) {
        Entry e;
        int id;
        boolean changed;
        synchronized (TYPES) {
            Integer known = BY_NAME.get(name);
            if (known == null) {
                e = new Entry(name, supers);
                TYPES.add(e);
                id = TYPES.size(); // ids start at 1; 0 means unknown
                BY_NAME.put(name, id);
                changed = true;
            } else {
                id = known;
                e = TYPES.get(id - 1);
                changed = e.supers == null && supers != null;
                if (changed) e.supers = supers;
            }
        }
        if (changed) emit(id, e);
        return id;
    }

    private static String superTypesOf(Class<?> type) {
        StringBuilder supers = new StringBuilder();
        for (Class<?> s = type.getSuperclass(); s != null; s = s.getSuperclass()) {
            if (supers.length() > 0) supers.append(',');
            supers.append(s.getName());
        }
        return supers.toString();
    }

    static int count() {
        synchronized (TYPES) {
            return TYPES.size();
        }
    }

    /** Periodic hook: every chunk gets every definition. */
    static void emitAll() {
        Entry[] snapshot;
        synchronized (TYPES) {
            snapshot = TYPES.toArray(new Entry[0]);
        }
        for (int i = 0; i < snapshot.length; i++) emit(i + 1, snapshot[i]);
    }

    private static void emit(int id, Entry type) {
        TypeDefinitionEvent e = new TypeDefinitionEvent();
        if (!e.isEnabled()) return;
        e.typeId = id;
        e.typeName = type.name;
        e.superTypes = type.supers == null ? "" : type.supers;
        e.commit();
    }
}
