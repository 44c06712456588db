package io.jtrace.runtime;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Method ids for untraced JDK methods where a recorded step happened (the JDK code that caught a
 * task's exception for its Future), registered once each (see {@link MethodRegistry#registerSite}).
 */
final class JdkSites {
    private JdkSites() {}

    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();

    static int idOf(StackWalker.StackFrame frame) {
        String key = frame.getClassName() + '.' + frame.getMethodName() + frame.getDescriptor();
        Integer id = IDS.get(key);
        if (id != null) return id;
        synchronized (IDS) {
            return IDS.computeIfAbsent(key, k -> MethodRegistry.registerSite(frame.getClassName(), frame.getMethodName(),
                    frame.getDescriptor(), frame.getFileName()));
        }
    }
}
