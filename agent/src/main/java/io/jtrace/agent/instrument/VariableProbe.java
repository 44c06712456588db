package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Every read and write of locals, parameters, fields and array elements in the methods of the
 * {@code --vars} scope ({@link LocalAccesses}, {@link FieldAccesses}, {@link ArrayAccesses}).
 * Each access becomes a {@code VariableTracer} call with the value and a site id; names and
 * redaction are decided here, once, so a redacted value never reaches the runtime.
 *
 * <p>Runs first in the chain: names come from the unchanged method (local variable scopes,
 * the array analysis), and only the method's own instructions are visited, never code another
 * probe (or this one) inserted. Writes spill operands to four spare locals beyond the method's
 * own; they are stored and loaded within straight-line code, so existing frames stay valid.
 */
public final class VariableProbe implements Probe {
    private final MethodFilter scope;
    private final Redaction redaction;
    private final VariableSites sites;
    private final Consumer<String> notices;
    private final Set<String> toldNoNames = ConcurrentHashMap.newKeySet();

    /** {@code notices} gets one line per class compiled without local variable names. */
    public VariableProbe(MethodFilter scope, Redaction redaction, VariableSites sites, Consumer<String> notices) {
        this.scope = scope;
        this.redaction = redaction;
        this.sites = sites;
        this.notices = notices;
    }

    @Override
    public void apply(ClassNode owner, MethodNode method, MethodContext ctx) {
        String className = owner.name.replace('/', '.');
        if (!scope.matches(className, method.name)) return;
        LocalNames names = new LocalNames(method);
        ArrayNames arrays = new ArrayNames(owner.name, method, names);
        boolean hasSubroutines = hasSubroutines(method);
        VariableCode code = new VariableCode(method.instructions, method.maxLocals, !ctx.constructor || ctx.superCall == null,
                sites, redaction, ctx.methodId);
        method.maxLocals += 4;
        boolean locals = false;
        for (AbstractInsnNode n : method.instructions.toArray()) {
            if (n instanceof LineNumberNode) {
                code.line = ((LineNumberNode) n).line;
            } else if (n instanceof FieldInsnNode) {
                FieldAccesses.instrument((FieldInsnNode) n, code);
            } else if (ArrayNames.isArrayLoad(n.getOpcode()) || ArrayNames.isArrayStore(n.getOpcode())) {
                ArrayAccesses.instrument(n, code, arrays);
            } else {
                locals |= LocalAccesses.instrument(n, code, names, hasSubroutines);
            }
            if (n == ctx.superCall) code.initialized = true;
        }
        if (locals && !names.hasDebugInfo() && toldNoNames.add(className)) {
            notices.accept(className + " has no local variable names (compiled without -g): its locals are shown by slot"
                    + " (local3) and parameters as arg0, arg1...; compile with -g to see their names");
        }
    }

    /** Pre-Java-6 subroutines keep return addresses in locals, which may not be loaded as values. */
    private static boolean hasSubroutines(MethodNode method) {
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.JSR || n.getOpcode() == Opcodes.RET) return true;
        }
        return false;
    }
}
