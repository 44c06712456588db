package io.jtrace.write.jfr;

import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;

/**
 * The constant pools of the chunk being written: strings, symbols, packages, classes, methods,
 * threads, the one frame type and the stack traces, each entry added when an event first refers
 * to it. Cleared for each chunk, so every chunk carries the entries its events use and no more;
 * written as the chunk's one constant-pool event. Keys are never reused for another value (see
 * {@link Pool}); a thread keeps its key in every chunk, so tools see one thread.
 */
final class ConstantPools {
    static final String FRAME_TYPE = "Traced";
    private static final int FRAME_TYPE_KEY = 1;

    private final JdkTypes types;
    private final Pool<String> strings = new Pool<>();
    private final Pool<String> symbols = new Pool<>();
    private final Pool<Integer> packages = new Pool<>(); // name symbol
    private final Pool<int[]> classes = new Pool<>(); // name symbol, package
    private final Pool<int[]> methods = new Pool<>(); // class, name symbol, descriptor symbol, modifiers
    private final KeysById methodKeys = new KeysById();
    private final Pool<ThreadInfo> threads = new Pool<>();
    private final KeysById threadKeys = new KeysById();
    final StackTraces stacks = new StackTraces();
    private long bytes;

    ConstantPools(JdkTypes types) {
        this.types = types;
    }

    /** Forgets every entry: a new chunk starts. */
    void clear() {
        strings.clear();
        symbols.clear();
        packages.clear();
        classes.clear();
        methods.clear();
        methodKeys.clear();
        threads.clear();
        threadKeys.clear();
        stacks.clear();
        bytes = 0;
    }

    /** About how many bytes the pools take when written. */
    long bytes() {
        return bytes + stacks.bytes();
    }

    int string(String s) {
        return intern(strings, s);
    }

    private int symbol(String s) {
        return intern(symbols, s);
    }

    private int intern(Pool<String> pool, String s) {
        Integer key = pool.find(s);
        if (key != null) return key;
        bytes += s.length() + 4;
        return pool.add(s, s);
    }

    int method(MethodInfo m) {
        int key = methodKeys.get(m.id());
        if (key != 0) return key;
        bytes += 12;
        key = methods.add(m.id(), new int[] {classOf(m.className()), symbol(m.name()), symbol(m.descriptor()), m.modifiers()});
        methodKeys.put(m.id(), key);
        return key;
    }

    int classOf(String className) {
        Integer key = classes.find(className);
        if (key != null) return key;
        int dot = className.lastIndexOf('.');
        int pkg = dot < 0 ? 0 : packageOf(className.substring(0, dot).replace('.', '/'));
        bytes += 8;
        return classes.add(className, new int[] {symbol(className.replace('.', '/')), pkg});
    }

    private int packageOf(String name) {
        Integer key = packages.find(name);
        if (key != null) return key;
        bytes += 6;
        return packages.add(name, symbol(name));
    }

    /** A thread's key: its ordinal + 1 in every chunk (the same thread, the same value). */
    int thread(ThreadInfo t) {
        int key = threadKeys.get(t.ordinal());
        if (key != 0) return key;
        bytes += 2L * t.label().length() + 16;
        threads.add(t.ordinal(), t);
        threadKeys.put(t.ordinal(), t.ordinal() + 1);
        return t.ordinal() + 1;
    }

    /** The body of the constant-pool event after its header: the count of pools, then each pool. */
    void write(JfrBytes out) {
        int pools = 1;
        for (Pool<?> p : new Pool<?>[] {strings, symbols, packages, classes, methods, threads}) if (p.size() > 0) pools++;
        if (stacks.size() > 0) pools++;
        out.writeVarInt(pools);
        start(out, types.frameType, 1);
        out.writeVarLong(FRAME_TYPE_KEY);
        out.writeString(FRAME_TYPE);
        writeStrings(out, types.string, strings);
        writeStrings(out, types.symbol, symbols);
        if (start(out, types.packageType, packages.size())) {
            for (int i = 0; i < packages.size(); i++) {
                out.writeVarLong(packages.key(i));
                out.writeVarInt(packages.entry(i));
                out.writeVarLong(0); // module: unknown
                out.writeBoolean(true);
            }
        }
        if (start(out, types.classType, classes.size())) {
            for (int i = 0; i < classes.size(); i++) {
                int[] c = classes.entry(i);
                out.writeVarLong(classes.key(i));
                out.writeVarLong(0); // class loader: unknown
                out.writeVarInt(c[0]);
                out.writeVarInt(c[1]);
                out.writeVarInt(0); // modifiers: unknown
                out.writeBoolean(false);
            }
        }
        if (start(out, types.method, methods.size())) {
            for (int i = 0; i < methods.size(); i++) {
                int[] m = methods.entry(i);
                out.writeVarLong(methods.key(i));
                out.writeVarInt(m[0]);
                out.writeVarInt(m[1]);
                out.writeVarInt(m[2]);
                out.writeVarInt(m[3]);
                out.writeBoolean(false);
            }
        }
        if (start(out, types.thread, threads.size())) {
            for (int i = 0; i < threads.size(); i++) {
                ThreadInfo t = threads.entry(i);
                out.writeVarLong(t.ordinal() + 1);
                out.writeString(t.virtual() ? null : t.label()); // the JDK gives virtual threads no OS thread
                // jtrace records no OS thread id; JMC tells threads apart by this one, so each
                // traced thread gets its own, the same in every chunk (its ordinal + 1)
                out.writeVarLong(t.ordinal() + 1L);
                out.writeString(t.label());
                out.writeVarLong(t.id());
                out.writeVarLong(0); // thread group: not recorded
                out.writeBoolean(t.virtual());
            }
        }
        if (start(out, types.stackTrace, stacks.size())) stacks.write(out, FRAME_TYPE_KEY);
    }

    /** A pool of strings of {@code type}, if it has entries (also {@link BatchRecording}'s). */
    static void writeStrings(JfrBytes out, TypeDeclaration type, Pool<String> pool) {
        if (!start(out, type, pool.size())) return;
        for (int i = 0; i < pool.size(); i++) {
            out.writeVarLong(pool.key(i));
            out.writeString(pool.entry(i));
        }
    }

    /** Starts a pool of {@code count} entries; a pool may not be empty, so none is written then. */
    private static boolean start(JfrBytes out, TypeDeclaration type, int count) {
        if (count == 0) return false;
        out.writeVarLong(type.id);
        out.writeVarInt(count);
        return true;
    }
}
