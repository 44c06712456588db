package io.jtrace.runtime;

import io.jtrace.events.MethodDefinitionEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * Compact method ids. The agent registers each method it instruments; the definition is
 * written at once and again in every chunk (see {@link MethodDefinitionEvent}).
 */
public final class MethodRegistry {
    private MethodRegistry() {}

    private static final class Definition {
        final String className, methodName, descriptor, sourceFile;
        final int line, modifiers;

        Definition(String className, String methodName, String descriptor, String sourceFile, int line, int modifiers) {
            this.className = className;
            this.methodName = methodName;
            this.descriptor = descriptor;
            this.sourceFile = sourceFile;
            this.line = line;
            this.modifiers = modifiers;
        }
    }

    private static final List<Definition> METHODS = new ArrayList<>();
    /** "class.name descriptor" -> id, for finding traced frames on a real stack (see TracedFrames). */
    private static final java.util.Map<String, Integer> BY_SIGNATURE = new java.util.HashMap<>();

    /** Returns the new method's id (ids start at 1). */
    public static int register(String className, String methodName, String descriptor,
                               String sourceFile, int line, int modifiers) {
        Definition d = new Definition(className, methodName, descriptor, sourceFile, line, modifiers);
        int id;
        synchronized (METHODS) {
            METHODS.add(d);
            id = METHODS.size();
            BY_SIGNATURE.put(signature(className, methodName, descriptor), id);
        }
        emit(id, d);
        return id;
    }

    /**
     * Registers a JDK method that is not traced but names where something happened (the JDK code
     * that caught a task's exception for a Future): it gets a definition and an id, and stays out
     * of the look-up of traced frames on a real stack.
     */
    static int registerSite(String className, String methodName, String descriptor, String sourceFile) {
        Definition d = new Definition(className, methodName, descriptor, sourceFile, 0, 0);
        int id;
        synchronized (METHODS) {
            METHODS.add(d);
            id = METHODS.size();
        }
        emit(id, d);
        return id;
    }

    public static int count() {
        synchronized (METHODS) {
            return METHODS.size();
        }
    }

    private static String signature(String className, String methodName, String descriptor) {
        return className + '.' + methodName + descriptor;
    }

    /** Id of a traced method (the latest one registered under that name), or 0. */
    static int idOf(String className, String methodName, String descriptor) {
        synchronized (METHODS) {
            Integer id = BY_SIGNATURE.get(signature(className, methodName, descriptor));
            return id == null ? 0 : id;
        }
    }

    /** Binary class name of a registered method, or null for an unknown id. */
    static String className(int id) {
        synchronized (METHODS) {
            return id >= 1 && id <= METHODS.size() ? METHODS.get(id - 1).className : null;
        }
    }

    /** Name of a registered method, or null for an unknown id. */
    static String methodName(int id) {
        synchronized (METHODS) {
            return id >= 1 && id <= METHODS.size() ? METHODS.get(id - 1).methodName : null;
        }
    }

    static void emitAll() {
        Definition[] snapshot;
        synchronized (METHODS) {
            snapshot = METHODS.toArray(new Definition[0]);
        }
        for (int i = 0; i < snapshot.length; i++) emit(i + 1, snapshot[i]);
    }

    private static void emit(int id, Definition d) {
        MethodDefinitionEvent e = new MethodDefinitionEvent();
        if (!e.isEnabled()) return;
        e.methodId = id;
        e.className = d.className;
        e.methodName = d.methodName;
        e.descriptor = d.descriptor;
        e.sourceFile = d.sourceFile;
        e.line = d.line;
        e.modifiers = d.modifiers;
        e.commit();
    }
}
