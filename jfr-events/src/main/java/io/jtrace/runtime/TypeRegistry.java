package io.jtrace.runtime;

import io.jtrace.events.TypeDefinitionEvent;

import java.util.ArrayList;
import java.util.List;

/** Compact ids for classes that appear in records (exception types, value types). */
public final class TypeRegistry {
    private TypeRegistry() {}

    private static final List<Class<?>> TYPES = new ArrayList<>();

    private static final ClassValue<Integer> IDS = new ClassValue<Integer>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            int id;
            synchronized (TYPES) {
                TYPES.add(type);
                id = TYPES.size(); // ids start at 1; 0 means unknown
            }
            emit(id, type);
            return id;
        }
    };

    /** Type id of {@code o}'s class, 0 for null. */
    public static int idOf(Object o) {
        return o == null ? 0 : IDS.get(o.getClass());
    }

    public static int idOfClass(Class<?> c) {
        return c == null ? 0 : IDS.get(c);
    }

    static int count() {
        synchronized (TYPES) {
            return TYPES.size();
        }
    }

    /** Periodic hook: every chunk gets every definition. */
    static void emitAll() {
        Class<?>[] snapshot;
        synchronized (TYPES) {
            snapshot = TYPES.toArray(new Class<?>[0]);
        }
        for (int i = 0; i < snapshot.length; i++) emit(i + 1, snapshot[i]);
    }

    private static void emit(int id, Class<?> type) {
        TypeDefinitionEvent e = new TypeDefinitionEvent();
        if (!e.isEnabled()) return;
        e.typeId = id;
        e.typeName = type.getName();
        StringBuilder supers = new StringBuilder();
        for (Class<?> s = type.getSuperclass(); s != null; s = s.getSuperclass()) {
            if (supers.length() > 0) supers.append(',');
            supers.append(s.getName());
        }
        e.superTypes = supers.toString();
        e.commit();
    }
}
