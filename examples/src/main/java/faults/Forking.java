package faults;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/** Starts {@code args[0]} child JVMs (this class with "child N"), each making traced calls, and waits for them. */
public final class Forking {
    private Forking() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            System.out.println("child " + args[1] + ": " + work(1000 * (Integer.parseInt(args[1]) + 1)));
            return;
        }
        int children = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<Process> started = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            started.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Forking.class.getName(),
                    "child", Integer.toString(i)).inheritIO().start());
        }
        int failed = 0;
        for (Process p : started) if (p.waitFor() != 0) failed++;
        System.out.println("parent: " + work(10) + ", children failed: " + failed);
    }

    static long work(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += step(i);
        return s;
    }

    static long step(int i) {
        return i;
    }
}
