package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The values of each call of the methods in the {@code --args} scope:
 * <pre>
 *   at the start, per parameter:   xLOAD slot; push index; push id; ArgumentTracer.argument(v, index, id)
 *   before each value-returning xRETURN:   dup; push id; ArgumentTracer.returned(v, id)
 * </pre>
 * Runs right before {@link CallProbe}, which inserts {@code Tracer.enter} at the very start (ahead
 * of this code) and {@code Tracer.exit} right before each return (after this code): the records
 * come out as enter, arguments ... return value, exit. After the variable probe, which must not see
 * these loads as reads of the parameters.
 *
 * <p>Names and redaction are decided here, once per method, by the same rules as variables
 * ({@link LocalNames}, {@link Redaction}): a redacted parameter's value is never loaded, and a
 * method whose own name matches ({@code getPassword()}) has its return value redacted. Each
 * parameter and the return value get a definition (kinds {@code argument}, {@code return}). In a
 * constructor the arguments are read before {@code super(...)}: parameters are initialized values
 * there, only {@code this} is not (and it is never recorded). Straight-line code with no new
 * locals: existing frames stay valid.
 */
public final class ArgumentProbe implements Probe {
    static final String ARGUMENT_TRACER = "io/jtrace/runtime/ArgumentTracer";

    private final MethodFilter scope;
    private final Redaction redaction;
    private final VariableSites sites;
    private final Consumer<String> notices;
    private final AtomicBoolean toldNoNames = new AtomicBoolean();

    /**
     * {@code notices} gets one line, once, if a class's parameters have no names in the class file
     * (a library compiled without them has hundreds of such classes).
     */
    public ArgumentProbe(MethodFilter scope, Redaction redaction, VariableSites sites, Consumer<String> notices) {
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
        Type[] params = Type.getArgumentTypes(method.desc);
        int line = Bytecode.firstLine(method);
        InsnList entry = new InsnList();
        int slot = (method.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        for (int i = 0; i < params.length; i++) {
            String name = names.parameterName(i);
            boolean redacted = redaction.matches(name);
            sites.register(ctx.methodId, "argument", name, params[i].getDescriptor(), i, "", line, false, redacted);
            Type onStack = VariableCode.stackType(params[i].getDescriptor());
            if (!redacted) entry.add(VariableCode.load(onStack, slot));
            entry.add(Bytecode.pushInt(i));
            entry.add(Bytecode.pushInt(ctx.methodId));
            entry.add(redacted ? call("argumentRedacted", "(II)V") : call("argument", "(" + onStack.getDescriptor() + "II)V"));
            slot += params[i].getSize();
        }
        method.instructions.insert(entry);

        Type result = Type.getReturnType(method.desc);
        if (result.getSort() != Type.VOID) {
            boolean redacted = redaction.matches(method.name);
            sites.register(ctx.methodId, "return", "return", result.getDescriptor(), -1, "", line, false, redacted);
            Type onStack = VariableCode.stackType(result.getDescriptor());
            for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
                if (!Bytecode.isReturn(n.getOpcode()) || n.getOpcode() == Opcodes.RETURN) continue;
                InsnList exit = new InsnList();
                if (!redacted) exit.add(VariableCode.dup(onStack));
                exit.add(Bytecode.pushInt(ctx.methodId));
                exit.add(redacted ? call("returnedRedacted", "(I)V") : call("returned", "(" + onStack.getDescriptor() + "I)V"));
                method.instructions.insertBefore(n, exit);
            }
        }
        if (params.length > 0 && !names.hasParameterNames() && toldNoNames.compareAndSet(false, true)) {
            notices.accept("classes compiled without -g or -parameters (the first: " + className + ") have no parameter"
                    + " names: their arguments are shown as arg0, arg1...");
        }
    }

    private static MethodInsnNode call(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, ARGUMENT_TRACER, name, desc, false);
    }
}
