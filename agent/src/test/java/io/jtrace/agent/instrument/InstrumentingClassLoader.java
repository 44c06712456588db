package io.jtrace.agent.instrument;

import java.util.List;

/**
 * Child-first loader for the classes under test: defines classes of the given packages itself,
 * from their class files rewritten by the instrumenter (or as they are, if it is null), and
 * leaves everything else (the JDK, the runtime, JUnit) to the parent. Like the agent, it does
 * not instrument what the instrumenter declines (returns null for).
 */
final class InstrumentingClassLoader extends ClassLoader {
    private final List<String> packages;
    private final ClassInstrumenter instrumenter;

    InstrumentingClassLoader(List<String> packages, ClassInstrumenter instrumenter) {
        super("instrumenting", InstrumentingClassLoader.class.getClassLoader());
        this.packages = List.copyOf(packages);
        this.instrumenter = instrumenter;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (packages.stream().noneMatch(name::startsWith)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = ClassBytes.of(name);
                if (bytes == null) throw new ClassNotFoundException(name);
                if (instrumenter != null) {
                    byte[] rewritten = instrumenter.instrument(bytes);
                    if (rewritten != null) bytes = rewritten;
                }
                c = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }
}
