package io.jtrace.agent.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A class rewritten once with placeholder ids, to be bound to this run's ids later: what the
 * agent's class cache keeps, so that a program traced again skips ASM for every class it loads
 * unchanged (the rewrite is slow while the instrumenter is still interpreted, a sizeable part of a
 * traced run; binding is a walk over the constant pool: bench/README.md, "classes kept between
 * runs, the recording copied by the kernel").
 *
 * <p>Every method id and catch-type id the probes push is a placeholder from a range no class of
 * its own uses (checked: a class with an int constant in either range is not templated), so each
 * is an {@code ldc} of a constant-pool int; binding registers the methods and types in the order
 * the probes met them, as a direct rewrite does, and replaces each placeholder by its real id.
 */
public final class ClassTemplate {
    static final int METHOD_PLACEHOLDERS = 0x6A70_0000;
    static final int TYPE_PLACEHOLDERS = 0x6A60_0000;
    static final int RANGE = 1 << 20;

    /** What {@link MethodIds#register} is told about a traced method (its class is the template's). */
    public static final class Method {
        private final String name;
        private final String descriptor;
        private final String sourceFile;
        private final int line;
        private final int access;

        public Method(String name, String descriptor, String sourceFile, int line, int access) {
            this.name = name;
            this.descriptor = descriptor;
            this.sourceFile = sourceFile;
            this.line = line;
            this.access = access;
        }

        public String name() { return name; }
        public String descriptor() { return descriptor; }
        /** Null if the class names none. */
        public String sourceFile() { return sourceFile; }
        public int line() { return line; }
        public int access() { return access; }
    }

    private final String className;
    private final byte[] code;
    private final List<Method> methods;
    private final List<String> types;

    /** {@code className} as the probes registered it (binary name, dots). */
    public ClassTemplate(String className, byte[] code, List<Method> methods, List<String> types) {
        this.className = className;
        this.code = code;
        this.methods = List.copyOf(methods);
        this.types = List.copyOf(types);
        if (this.methods.size() > RANGE || this.types.size() > RANGE) throw new IllegalArgumentException("too many ids for one class");
    }

    /**
     * Rewrites a class with placeholder ids. Null if it cannot be templated (an int constant of its
     * own in a placeholder range: rewrite it directly) or if nothing in it is traced
     * ({@link #untraced}).
     *
     * @param instrumenterFor the probe chain, given ids to hand out (placeholders here)
     */
    public static ClassTemplate make(byte[] classFile, Function<Placeholders, ClassInstrumenter> instrumenterFor) {
        for (int at : IntConstants.offsets(classFile)) {
            int v = IntConstants.get(classFile, at);
            if (index(v, METHOD_PLACEHOLDERS, RANGE) >= 0 || index(v, TYPE_PLACEHOLDERS, RANGE) >= 0) return null;
        }
        Placeholders ids = new Placeholders();
        byte[] code = instrumenterFor.apply(ids).instrument(classFile);
        if (code == null) return UNTRACED;
        return new ClassTemplate(ids.className, code, ids.methods, ids.types);
    }

    /** Returned by {@link #make} for a class with nothing traced in it. */
    public static final ClassTemplate UNTRACED = new ClassTemplate(null, null, List.of(), List.of());

    public boolean untraced() {
        return code == null;
    }

    /** The rewritten class with this run's ids: each method and catch type registered now, in the probes' order. */
    public byte[] bind(MethodIds methodIds, TypeIds typeIds) {
        int[] method = new int[methods.size()];
        for (int i = 0; i < method.length; i++) {
            Method m = methods.get(i);
            method[i] = methodIds.register(className, m.name(), m.descriptor(), m.sourceFile(), m.line(), m.access());
        }
        int[] type = new int[types.size()];
        for (int i = 0; i < type.length; i++) type[i] = typeIds.idOfName(types.get(i));
        byte[] out = code.clone();
        for (int at : IntConstants.offsets(out)) {
            int v = IntConstants.get(out, at);
            int m = index(v, METHOD_PLACEHOLDERS, method.length);
            int t = index(v, TYPE_PLACEHOLDERS, type.length);
            if (m >= 0) IntConstants.set(out, at, method[m]);
            else if (t >= 0) IntConstants.set(out, at, type[t]);
        }
        return out;
    }

    /** {@code value}'s place among {@code count} placeholders from {@code base}, or -1. */
    private static int index(int value, int base, int count) {
        int i = value - base;
        return i >= 0 && i < count ? i : -1;
    }

    public String className() {
        return className;
    }

    /** The rewritten class with placeholder ids (not a copy: do not change it). */
    public byte[] code() {
        return code;
    }

    public List<Method> methods() {
        return methods;
    }

    public List<String> types() {
        return types;
    }

    /** Ids for one class's rewrite: the n-th method or type met gets the n-th placeholder. */
    public static final class Placeholders implements MethodIds, TypeIds {
        private String className;
        private final List<Method> methods = new ArrayList<>();
        private final List<String> types = new ArrayList<>();

        private Placeholders() {}

        @Override
        public int register(String className, String methodName, String descriptor, String sourceFile, int line, int access) {
            this.className = className;
            methods.add(new Method(methodName, descriptor, sourceFile, line, access));
            if (methods.size() > RANGE) throw new IllegalStateException("more than " + RANGE + " methods in " + className);
            return METHOD_PLACEHOLDERS + methods.size() - 1;
        }

        @Override
        public int idOfName(String binaryName) {
            int i = types.indexOf(binaryName);
            if (i < 0) {
                types.add(binaryName);
                i = types.size() - 1;
            }
            return TYPE_PLACEHOLDERS + i;
        }
    }
}
