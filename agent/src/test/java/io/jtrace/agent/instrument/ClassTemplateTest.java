package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.util.TraceClassVisitor;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class rewritten once with placeholder ids and bound later must be the class a direct rewrite
 * gives, with the same ids registered in the same order: compared as text (ASM's Textifier, int
 * pushes written alike: a bound id is an {@code ldc}, a direct one may be {@code sipush}), for
 * every class of the examples and of Gson, with the exception probes (method and catch-type ids).
 */
class ClassTemplateTest {
    private static final Pattern INT_PUSH = Pattern.compile("(?m)^(\\s*)(?:ICONST_(M1|\\d)|[BS]IPUSH (-?\\d+)|LDC (-?\\d+))$");

    @Test
    void aBoundTemplateIsTheDirectRewriteWithTheSameIdsInTheSameOrder() {
        List<String> classes = new ArrayList<>(ClassBytes.exampleClasses());
        classes.addAll(ClassBytes.gsonClasses());
        int compared = 0;
        for (String name : classes) {
            byte[] original = ClassBytes.of(name);
            Ids direct = new Ids();
            direct.shift(1, 1); // ids of a later run need not start where the direct rewrite's did
            byte[] rewritten = new ClassInstrumenter(MethodFilter.all(), direct, ClassInstrumenter.exceptionProbes(direct)).instrument(original);
            ClassTemplate template = ClassTemplate.make(original,
                    ids -> new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.exceptionProbes(ids)));
            assertNotNull(template, name);
            if (rewritten == null) {
                assertTrue(template.untraced(), name + ": rewritten directly, untraced as a template");
                continue;
            }
            Ids later = new Ids();
            later.idOfName("a.type.MetBefore");
            later.register("other.Class", "m", "()V", null, 1, 0);
            byte[] bound = template.bind(later, later);
            assertEquals(direct.methods, later.methods.subList(1, later.methods.size()), name + ": methods registered");
            later.types.remove("a.type.MetBefore");
            assertEquals(direct.types.keySet(), later.types.keySet(), name + ": catch types registered");
            assertEquals(text(rewritten), text(bound), name);
            assertEquals(List.of(), BytesVerifier.verify(bound), name);
            compared++;
        }
        assertTrue(compared > 200, "compared " + compared + " classes");
    }

    @Test
    void aTemplateOfTheSameBytesBindsToTheSameClassEveryTime() {
        byte[] original = ClassBytes.of("bank.Main");
        ClassTemplate template = ClassTemplate.make(original,
                ids -> new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.exceptionProbes(ids)));
        assertArrayEquals(template.bind(new Ids(), new Ids()), template.bind(new Ids(), new Ids()));
        assertArrayEquals(template.code(), ClassTemplate.make(original,
                ids -> new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.exceptionProbes(ids))).code());
    }

    @Test
    void aClassWithAConstantOfItsOwnInAPlaceholderRangeIsNotTemplated() {
        for (int constant : new int[] {ClassTemplate.METHOD_PLACEHOLDERS, ClassTemplate.TYPE_PLACEHOLDERS + ClassTemplate.RANGE - 1}) {
            byte[] withConstant = withIntConstant(ClassBytes.of("counter.Counter"), constant);
            assertNull(ClassTemplate.make(withConstant,
                    ids -> new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.callProbes())), Integer.toHexString(constant));
        }
        byte[] justOutside = withIntConstant(ClassBytes.of("counter.Counter"), ClassTemplate.METHOD_PLACEHOLDERS + ClassTemplate.RANGE);
        ClassTemplate template = ClassTemplate.make(justOutside,
                ids -> new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.callProbes()));
        assertNotNull(template);
        assertTrue(text(template.bind(new Ids(), new Ids())).contains("" + (ClassTemplate.METHOD_PLACEHOLDERS + ClassTemplate.RANGE)),
                "the class's own constant is left as it was");
    }

    @Test
    void aClassWithNothingTracedIsUntraced() {
        ClassTemplate template = ClassTemplate.make(ClassBytes.of("bank.Main"),
                ids -> new ClassInstrumenter(MethodFilter.parse(List.of("nothing.Here.*"), List.of()), ids, ClassInstrumenter.callProbes()));
        assertTrue(template.untraced());
    }

    /** The class with a static final int field whose ConstantValue is {@code value}: an int constant in its pool. */
    private static byte[] withIntConstant(byte[] classFile, int value) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        cn.fields.add(new FieldNode(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "CONSTANT", "I", null, value));
        ClassWriter w = new ClassWriter(0);
        cn.accept(w);
        return w.toByteArray();
    }

    private static String text(byte[] classFile) {
        StringWriter out = new StringWriter();
        new ClassReader(classFile).accept(new TraceClassVisitor(new PrintWriter(out)), 0);
        Matcher m = INT_PUSH.matcher(out.toString());
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = m.group(2) != null ? (m.group(2).equals("M1") ? "-1" : m.group(2)) : m.group(3) != null ? m.group(3) : m.group(4);
            m.appendReplacement(sb, m.group(1) + "PUSH " + v);
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** Deterministic method and type ids, each registration remembered in order. */
    private static final class Ids implements MethodIds, TypeIds {
        final List<String> methods = new ArrayList<>();
        final Map<String, Integer> types = new HashMap<>();
        private int methodOffset;
        private int typeOffset;

        @Override
        public int register(String className, String methodName, String descriptor, String sourceFile, int line, int access) {
            methods.add(className + "." + methodName + descriptor + " " + sourceFile + ":" + line + " " + access);
            return methods.size() + methodOffset;
        }

        @Override
        public int idOfName(String binaryName) {
            return types.computeIfAbsent(binaryName, k -> types.size() + 1) + typeOffset;
        }

        /** Ids as if {@code methods} and {@code types} had been handed out before. */
        void shift(int methods, int types) {
            methodOffset = methods;
            typeOffset = types;
        }
    }
}
