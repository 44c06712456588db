package io.jtrace.agent.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ASM's {@link SimpleVerifier} answering type questions from class bytes read off the class path
 * instead of loading classes (the default loads them, which would initialize nothing here but
 * would tie the check to one class loader). Interfaces count as Object, as in the JVM's verifier.
 */
final class BytesVerifier extends SimpleVerifier {
    private record Header(String superName, List<String> interfaces, boolean isInterface) {}

    private static final Map<String, Header> HEADERS = new ConcurrentHashMap<>();

    private BytesVerifier(ClassNode owner) {
        super(Opcodes.ASM9, Type.getObjectType(owner.name),
                owner.superName == null ? null : Type.getObjectType(owner.superName),
                interfaces(owner.interfaces), (owner.access & Opcodes.ACC_INTERFACE) != 0);
    }

    /** Analyzes every method with code; returns one line per method that does not verify. */
    static List<String> verify(byte[] classFile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        List<String> problems = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.instructions.size() == 0) continue;
            try {
                new Analyzer<BasicValue>(new BytesVerifier(cn)).analyze(cn.name, m);
            } catch (AnalyzerException e) {
                problems.add(cn.name + "." + m.name + m.desc + ": " + e.getMessage());
            }
        }
        return problems;
    }

    private static List<Type> interfaces(List<String> names) {
        List<Type> types = new ArrayList<>();
        for (String n : names) types.add(Type.getObjectType(n));
        return types;
    }

    private static Header header(String internalName) {
        return HEADERS.computeIfAbsent(internalName, n -> {
            byte[] bytes = ClassBytes.resource(n + ".class");
            if (bytes == null) throw new IllegalStateException("no class file for " + n);
            ClassReader r = new ClassReader(bytes);
            return new Header(r.getSuperName(), List.of(r.getInterfaces()), (r.getAccess() & Opcodes.ACC_INTERFACE) != 0);
        });
    }

    @Override
    protected boolean isInterface(Type type) {
        return type.getSort() == Type.OBJECT && header(type.getInternalName()).isInterface();
    }

    @Override
    protected Type getSuperClass(Type type) {
        if (type.getSort() == Type.ARRAY) return Type.getObjectType("java/lang/Object");
        String s = header(type.getInternalName()).superName();
        return s == null ? null : Type.getObjectType(s);
    }

    /** True if a value of type {@code from} may be used where {@code to} is expected. */
    @Override
    protected boolean isAssignableFrom(Type to, Type from) {
        if (to.equals(from)) return true;
        if (to.getSort() == Type.ARRAY) {
            if (from.getSort() != Type.ARRAY) return false;
            Type toElement = Type.getType(to.getDescriptor().substring(1));
            Type fromElement = Type.getType(from.getDescriptor().substring(1));
            boolean references = (toElement.getSort() == Type.OBJECT || toElement.getSort() == Type.ARRAY)
                    && (fromElement.getSort() == Type.OBJECT || fromElement.getSort() == Type.ARRAY);
            return references && isAssignableFrom(toElement, fromElement);
        }
        String target = to.getInternalName();
        if (target.equals("java/lang/Object")) return true;
        if (from.getSort() == Type.ARRAY) return target.equals("java/lang/Cloneable") || target.equals("java/io/Serializable");
        if (isInterface(to)) return true;
        for (String c = from.getInternalName(); c != null; c = header(c).superName()) {
            if (c.equals(target)) return true;
        }
        return false;
    }
}
