package lifecycle;

import java.util.List;

/**
 * Prints how the JVM that started this one compiles: "parent jit: c1" if its command line holds
 * -XX:TieredStopAtLevel=1, else "parent jit: tiered" (for jtrace's own JVM under 'jtrace run').
 */
public final class ParentJvm {
    public static void main(String[] args) {
        List<String> parent = ProcessHandle.current().parent()
                .flatMap(p -> p.info().arguments())
                .map(List::of)
                .orElse(List.of());
        if (parent.isEmpty()) {
            System.out.println("parent jit: unknown");
        } else {
            System.out.println("parent jit: " + (parent.contains("-XX:TieredStopAtLevel=1") ? "c1" : "tiered"));
        }
    }
}
