package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** What probes share about the method being instrumented. */
public final class MethodContext {
    /** Internal name of the runtime entry class that instrumented code calls. */
    public static final String TRACER = "io/jtrace/runtime/Tracer";

    public final int methodId;
    public final boolean constructor;
    /** True if the class file carries stack map frames (version 50+) that probes must keep valid. */
    public final boolean frames;
    /** In a constructor, the {@code super(...)}/{@code this(...)} call; null elsewhere or if none. */
    public final AbstractInsnNode superCall;

    MethodContext(int methodId, MethodNode method, boolean frames) {
        this.methodId = methodId;
        this.constructor = "<init>".equals(method.name);
        this.frames = frames;
        this.superCall = constructor ? findSuperCall(method) : null;
    }

    /**
     * The {@code invokespecial <init>} that initializes {@code this}: the first one not paired
     * with a preceding {@code new} (arguments such as {@code super(new Foo())} create objects
     * of their own first).
     */
    static AbstractInsnNode findSuperCall(MethodNode method) {
        int pendingNews = 0;
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.NEW) {
                pendingNews++;
            } else if (n.getOpcode() == Opcodes.INVOKESPECIAL && "<init>".equals(((MethodInsnNode) n).name)) {
                if (pendingNews == 0) return n;
                pendingNews--;
            }
        }
        return null;
    }

    /** {@code push methodId; invokestatic Tracer.name(I)V} */
    InsnList callWithId(String name) {
        InsnList list = new InsnList();
        list.add(Bytecode.pushInt(methodId));
        list.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TRACER, name, "(I)V", false));
        return list;
    }
}
