package sampler;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Exercises the shapes of code a tracer must get right: recursion, lambdas, static
 * initializers, enums, records, switch on strings, inner and anonymous classes, bridge methods,
 * constructors that throw before and after super(), default methods and a class from a custom
 * class loader. Single-threaded and deterministic.
 */
public class Main {
    static final String GREETING;

    static {
        GREETING = "sampler ready";
    }

    public static void main(String[] args) throws Exception {
        System.out.println(GREETING);
        System.out.println("factorial(5) = " + Recursion.factorial(5));
        System.out.println("fib(5) = " + Recursion.fib(5));

        List<Integer> squares = IntStream.rangeClosed(1, 3).boxed().map(i -> square(i)).collect(Collectors.toList());
        System.out.println("squares = " + squares);

        Runnable anonymous = new Runnable() {
            @Override
            public void run() {
                System.out.println("anonymous ran");
            }
        };
        anonymous.run();

        System.out.println(Color.valueOf("GREEN").describe());
        Point p = new Point(3, 4);
        System.out.println("point " + p + " squared length " + p.lengthSquared());
        System.out.println("classify(two) = " + classify("two"));
        System.out.println(new Outer().new Inner().hello());

        try {
            new Validated(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("rejected before super(): " + e.getMessage());
        }
        try {
            new Validated(1000);
        } catch (IllegalArgumentException e) {
            System.out.println("rejected after super(): " + e.getMessage());
        }
        System.out.println("validated " + new Validated(7).value());

        List<Box> boxes = new ArrayList<>(List.of(new Box(3), new Box(1), new Box(2)));
        Collections.sort(boxes); // the JDK calls the bridge compareTo(Object)
        System.out.println("sorted " + boxes);

        Greeter greeter = new Greeter() {};
        System.out.println(greeter.greet("default"));

        System.out.println(PluginLoader.runPlugin());
    }

    static int square(int i) {
        return i * i;
    }

    static int classify(String word) {
        switch (word) {
            case "one": return 1;
            case "two": return 2;
            default: return -1;
        }
    }

    interface Greeter {
        default String greet(String who) {
            return "hello, " + who;
        }
    }

    static class Outer {
        class Inner {
            String hello() {
                return "inner says hi";
            }
        }
    }
}
