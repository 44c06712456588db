package io.jtrace.agent.instrument;

import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One kind of instrumentation applied to one method (calls, exceptions, lines, variables).
 * Probes are applied in a fixed order by {@link ClassInstrumenter}; each only inserts
 * straight-line code, so existing stack map frames stay valid, and a probe that needs a
 * handler adds its own frame.
 */
public interface Probe {
    void apply(ClassNode owner, MethodNode method, MethodContext context);
}
