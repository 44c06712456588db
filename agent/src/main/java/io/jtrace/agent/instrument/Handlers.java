package io.jtrace.agent.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tells what javac made of each exception handler of a method, from the shape of its code:
 * a user's {@code catch}, a {@code finally} block, try-with-resources' close and suppress steps,
 * or the monitor release of a {@code synchronized} block. Works on the original instructions
 * (classify before any probe inserts code).
 */
final class Handlers {
    private Handlers() {}

    enum Kind {
        /** A typed handler the user wrote. */
        CATCH,
        /** A catch-any handler: a finally block (the user's code runs, then the exception goes on). */
        FINALLY,
        /** try-with-resources' catch of Throwable that closes the resource and rethrows. */
        RESOURCE_CLOSE,
        /** try-with-resources' catch of the close failure: {@code primary.addSuppressed(x)}. */
        RESOURCE_SUPPRESS,
        /** javac's handler of a synchronized block: {@code astore x; aload m; monitorexit; aload x; athrow}. */
        MONITOR_EXIT
    }

    /** One handler entry point, with every type declared for it (several for a multi-catch; null = any). */
    static final class Handler {
        final LabelNode label;
        final List<String> types;
        final Kind kind;
        final int line;

        Handler(LabelNode label, List<String> types, Kind kind, int line) {
            this.label = label;
            this.types = types;
            this.kind = kind;
            this.line = line;
        }

        /** Declared types as a Java developer writes them: {@code java.io.IOException | java.lang.IllegalStateException}. */
        String declaredTypes() {
            List<String> names = new ArrayList<>();
            for (String t : types) names.add(t.replace('/', '.'));
            return String.join(" | ", names);
        }
    }

    private static final String THROWABLE = "java/lang/Throwable";
    /** How far a pattern looks into a handler's code. */
    private static final int LOOKAHEAD = 40;

    /** The method's handlers in exception-table order, one per entry label. */
    static List<Handler> of(MethodNode method) {
        Map<LabelNode, List<String>> types = new LinkedHashMap<>();
        for (TryCatchBlockNode tcb : method.tryCatchBlocks) {
            types.computeIfAbsent(tcb.handler, k -> new ArrayList<>()).add(tcb.type);
        }
        List<Handler> list = new ArrayList<>();
        for (Map.Entry<LabelNode, List<String>> e : types.entrySet()) {
            List<AbstractInsnNode> code = code(e.getKey(), LOOKAHEAD);
            list.add(new Handler(e.getKey(), e.getValue(), classify(e.getValue(), code), lineAt(e.getKey())));
        }
        return list;
    }

    static Kind classify(List<String> types, List<AbstractInsnNode> code) {
        if (types.contains(null)) return isMonitorExit(code) ? Kind.MONITOR_EXIT : Kind.FINALLY;
        if (types.size() == 1 && THROWABLE.equals(types.get(0))) {
            if (isSuppress(code)) return Kind.RESOURCE_SUPPRESS;
            if (isResourceClose(code)) return Kind.RESOURCE_CLOSE;
        }
        return Kind.CATCH;
    }

    /** {@code astore x; aload m; monitorexit; aload x; athrow} */
    private static boolean isMonitorExit(List<AbstractInsnNode> c) {
        return c.size() >= 5 && c.get(0).getOpcode() == Opcodes.ASTORE && c.get(1).getOpcode() == Opcodes.ALOAD
                && c.get(2).getOpcode() == Opcodes.MONITOREXIT && c.get(3).getOpcode() == Opcodes.ALOAD
                && var(c.get(3)) == var(c.get(0)) && c.get(4).getOpcode() == Opcodes.ATHROW;
    }

    /** {@code astore x; aload p; aload x; invokevirtual addSuppressed} */
    private static boolean isSuppress(List<AbstractInsnNode> c) {
        return c.size() >= 4 && c.get(0).getOpcode() == Opcodes.ASTORE && c.get(1).getOpcode() == Opcodes.ALOAD
                && c.get(2).getOpcode() == Opcodes.ALOAD && var(c.get(2)) == var(c.get(0))
                && isAddSuppressed(c.get(3));
    }

    /**
     * {@code astore t; ... resource.close() ...; aload t; athrow}: javac 9+'s try-with-resources
     * handler (the close call and its own suppress handler lie between).
     */
    private static boolean isResourceClose(List<AbstractInsnNode> c) {
        if (c.isEmpty() || c.get(0).getOpcode() != Opcodes.ASTORE) return false;
        boolean closes = false;
        for (int i = 1; i < c.size(); i++) {
            AbstractInsnNode n = c.get(i);
            if (n instanceof MethodInsnNode && ((MethodInsnNode) n).name.equals("close")
                    && ((MethodInsnNode) n).desc.equals("()V")) {
                closes = true;
            }
            if (n.getOpcode() == Opcodes.ATHROW) {
                AbstractInsnNode before = c.get(i - 1);
                return closes && before.getOpcode() == Opcodes.ALOAD && var(before) == var(c.get(0));
            }
        }
        return false;
    }

    static boolean isAddSuppressed(AbstractInsnNode n) {
        return n.getOpcode() == Opcodes.INVOKEVIRTUAL && ((MethodInsnNode) n).name.equals("addSuppressed")
                && ((MethodInsnNode) n).desc.equals("(L" + THROWABLE + ";)V");
    }

    /** True for the {@code athrow} that ends a synchronized block's monitor-release handler. */
    static boolean isMonitorRethrow(AbstractInsnNode athrow) {
        AbstractInsnNode load = realBefore(athrow);
        AbstractInsnNode exit = load == null ? null : realBefore(load);
        AbstractInsnNode monitor = exit == null ? null : realBefore(exit);
        AbstractInsnNode store = monitor == null ? null : realBefore(monitor);
        return store != null && load.getOpcode() == Opcodes.ALOAD && exit.getOpcode() == Opcodes.MONITOREXIT
                && monitor.getOpcode() == Opcodes.ALOAD && store.getOpcode() == Opcodes.ASTORE && var(store) == var(load);
    }

    /** The first {@code max} real instructions from {@code start} on, in code order (jumps are not followed). */
    private static List<AbstractInsnNode> code(AbstractInsnNode start, int max) {
        List<AbstractInsnNode> list = new ArrayList<>();
        for (AbstractInsnNode n = start; n != null && list.size() < max; n = n.getNext()) {
            if (n.getOpcode() >= 0) list.add(n);
        }
        return list;
    }

    private static AbstractInsnNode realBefore(AbstractInsnNode n) {
        for (AbstractInsnNode p = n.getPrevious(); p != null; p = p.getPrevious()) {
            if (p.getOpcode() >= 0) return p;
        }
        return null;
    }

    /** The source line in effect at the first real instruction at or after {@code n} (0 if none). */
    static int lineAt(AbstractInsnNode n) {
        AbstractInsnNode first = n;
        while (first != null && first.getOpcode() < 0) first = first.getNext();
        for (AbstractInsnNode p = first == null ? n : first.getPrevious(); p != null; p = p.getPrevious()) {
            if (p instanceof LineNumberNode) return ((LineNumberNode) p).line;
        }
        return 0;
    }

    private static int var(AbstractInsnNode n) {
        return ((VarInsnNode) n).var;
    }
}
