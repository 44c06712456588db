package faults;

import java.lang.instrument.ClassDefinition;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.ProtectionDomain;

/**
 * A program that changes its own classes while it runs, as hot-swapping tools and frameworks do.
 * It is its own java agent ({@code -javaagent:} a jar whose manifest names this class, with
 * Can-Redefine-Classes and Can-Retransform-Classes): {@code premain} keeps the Instrumentation.
 * Then it sums {@link Shape#total} of {@code args[1]} rounds (default 1000) four times: as
 * loaded; after redefining Shape with the class file {@code args[0]} (other method bodies); after
 * retransforming it with a transformer that changes nothing; and from a copy of Shape loaded by
 * a second class loader (same name, another class).
 */
public final class Redefining {
    private Redefining() {}

    private static volatile Instrumentation instrumentation;

    public static void premain(String args, Instrumentation inst) {
        instrumentation = inst;
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        Instrumentation inst = instrumentation;
        if (inst == null) throw new IllegalStateException("run me with -javaagent:<a jar naming faults.Redefining as Premain-Class>");
        System.out.println("as loaded: " + Shape.total(rounds));

        inst.redefineClasses(new ClassDefinition(Shape.class, Files.readAllBytes(Paths.get(args[0]))));
        System.out.println("redefined: " + Shape.total(rounds));

        ClassFileTransformer unchanged = new ClassFileTransformer() {
            @Override
            public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                    ProtectionDomain domain, byte[] classFile) {
                return null;
            }
        };
        inst.addTransformer(unchanged, true);
        try {
            inst.retransformClasses(Shape.class);
        } finally {
            inst.removeTransformer(unchanged);
        }
        System.out.println("retransformed: " + Shape.total(rounds));

        URL classes = Shape.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader other = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class<?> copy = other.loadClass(Shape.class.getName());
            Method total = copy.getMethod("total", int.class);
            System.out.println("second loader: " + total.invoke(null, rounds) + " (the same class: " + (copy == Shape.class) + ")");
        }
    }
}
