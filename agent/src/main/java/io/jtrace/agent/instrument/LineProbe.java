package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One record per executed source line (the "sequence points" of the .NET tracers) in the
 * methods of the {@code --lines} scope: at each line-number entry of the class's debug
 * information, {@code push line; VariableTracer.line(line)}. The call goes after the entry's
 * label and frame (a frame must stay at its offset); runs before {@link CatchProbe}, so in a
 * handler the catch is recorded before the handler's first line.
 */
public final class LineProbe implements Probe {
    private final MethodFilter scope;

    public LineProbe(MethodFilter scope) {
        this.scope = scope;
    }

    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        if (!scope.matches(owner.name.replace('/', '.'), method.name)) return;
        for (AbstractInsnNode n : method.instructions.toArray()) {
            if (!(n instanceof LineNumberNode)) continue;
            AbstractInsnNode at = n;
            boolean laterEntryHere = false; // two entries at one offset: the last one counts
            while (at.getNext() instanceof LabelNode || at.getNext() instanceof LineNumberNode
                    || at.getNext() instanceof FrameNode) {
                at = at.getNext();
                if (at instanceof LineNumberNode) laterEntryHere = true;
            }
            if (laterEntryHere) continue;
            InsnList call = new InsnList();
            call.add(Bytecode.pushInt(((LineNumberNode) n).line));
            call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, VariableCode.VARIABLE_TRACER, "line", "(I)V", false));
            method.instructions.insert(at, call);
        }
    }
}
