package io.jtrace.agent.instrument;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Text dumps (ASM Textifier) of instrumented methods of the examples, compared with reviewed
 * golden files in src/test/resources/golden-bytecode. After an intended change to the probes,
 * regenerate them with {@code mvn verify -Djtrace.updateGolden=true} and review the diff.
 */
class GoldenBytecodeTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // constructor: enter before super(), the catch-all handler only after it returns
        "sampler.Validated | <init> check",
        // try/catch/finally: the catch probe in each handler, the catch-all wrapper last in the table
        "bank.Bank | transfer total",
        // synchronized methods: no monitor code of their own, the JVM releases the lock
        "bank.Account | withdraw balance",
        // lambda body, static initializer, switch on a string
        "sampler.Main | lambda$main$0 <clinit> classify",
        // enum: static initializer, values(), valueOf(), the private constructor
        "sampler.Color | <clinit> values valueOf <init>",
        // record with a compact constructor, bridge method
        "sampler.Point | <init>",
        "sampler.Box | compareTo",
    })
    void instrumentedMethodsMatchGolden(String className, String methods) throws IOException {
        String dump = dump(ClassBytes.instrumented(className), List.of(methods.split(" ")));
        Path golden = goldenDir().resolve(className + ".txt");
        if (Boolean.getBoolean("jtrace.updateGolden")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, dump);
            return;
        }
        assertTrue(Files.exists(golden), "missing golden file " + golden + " (generate with -Djtrace.updateGolden=true)");
        assertEquals(Files.readString(golden), dump,
                "instrumented bytecode of " + className + " differs from " + golden + " (regenerate with -Djtrace.updateGolden=true and review)");
    }

    static Path goldenDir() {
        return Paths.get(System.getProperty("jtrace.agentDir", ".")).resolve("src/test/resources/golden-bytecode");
    }

    /** The listed methods (every overload), in class-file order, as Textifier prints them. */
    static String dump(byte[] classFile, List<String> methodNames) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        int dumped = 0;
        for (MethodNode m : cn.methods) {
            if (!methodNames.contains(m.name)) continue;
            Textifier t = new Textifier();
            m.accept(new TraceMethodVisitor(t));
            out.println("// " + cn.name + "." + m.name + m.desc + "  access 0x" + Integer.toHexString(m.access));
            t.print(out);
            out.println();
            dumped++;
        }
        out.flush();
        assertTrue(dumped >= methodNames.size(), "some of " + methodNames + " not found in " + cn.name);
        return text.toString();
    }
}
