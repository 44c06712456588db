package io.jtrace.runtime;

import io.jtrace.events.VariableDefinitionEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * Compact ids for variable access sites. The agent registers each read or write instruction it
 * instruments; the definition is written at once and again in every chunk (see
 * {@link VariableDefinitionEvent}), so a record needs only the site id and the value.
 */
public final class VariableRegistry {
    private VariableRegistry() {}

    private static final class Site {
        final int methodId, slot, line;
        final String kind, name, type, ownerClass;
        final boolean write, redacted;

        Site(int methodId, String kind, String name, String type, int slot, String ownerClass, int line,
             boolean write, boolean redacted) {
            this.methodId = methodId;
            this.kind = kind;
            this.name = name;
            this.type = type;
            this.slot = slot;
            this.ownerClass = ownerClass;
            this.line = line;
            this.write = write;
            this.redacted = redacted;
        }
    }

    private static final List<Site> SITES = new ArrayList<>();

    /** Returns the new site's id (ids start at 1). */
    public static int register(int methodId, String kind, String name, String type, int slot, String ownerClass,
                               int line, boolean write, boolean redacted) {
        Site s = new Site(methodId, kind, name, type, slot, ownerClass, line, write, redacted);
        int id;
        synchronized (SITES) {
            SITES.add(s);
            id = SITES.size();
        }
        emit(id, s);
        return id;
    }

    static void emitAll() {
        Site[] snapshot;
        synchronized (SITES) {
            snapshot = SITES.toArray(new Site[0]);
        }
        for (int i = 0; i < snapshot.length; i++) emit(i + 1, snapshot[i]);
    }

    private static void emit(int id, Site s) {
        VariableDefinitionEvent e = new VariableDefinitionEvent();
        if (!e.isEnabled()) return;
        e.siteId = id;
        e.methodId = s.methodId;
        e.kind = s.kind;
        e.name = s.name;
        e.type = s.type;
        e.slot = s.slot;
        e.ownerClass = s.ownerClass;
        e.line = s.line;
        e.write = s.write;
        e.redacted = s.redacted;
        e.commit();
    }
}
