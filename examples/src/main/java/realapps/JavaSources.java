package realapps;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Java parser at work (JavaParser, from Maven Central): parses every .java file under a
 * directory ROUNDS times, counts methods and calls, and prints the counts.
 * Usage: {@code realapps.JavaSources DIR [ROUNDS]}; with {@code -Drealapps.newChunkEachRound=true}
 * JFR begins a new chunk after each round.
 */
public final class JavaSources {
    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args.length > 0 ? args[0] : ".");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        StaticJavaParser.getParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17);
        long methods = 0;
        long calls = 0;
        for (int r = 0; r < rounds; r++) {
            for (Path f : files) {
                CompilationUnit cu = StaticJavaParser.parse(f);
                methods += cu.findAll(MethodDeclaration.class).size();
                calls += cu.findAll(MethodCallExpr.class).size();
            }
            if (Boolean.getBoolean("realapps.newChunkEachRound")) newChunk();
        }
        System.out.println("javaparser files=" + files.size() + " rounds=" + rounds + " methods=" + methods + " calls=" + calls);
    }

    /**
     * Starts and stops an empty JFR recording, which makes JFR begin a new chunk of every recording
     * on disk: tests get a multi-chunk file whatever the machine's speed (JFR otherwise rotates only
     * when it looks at the chunk's size: once a second on JDK 17, less often on JDK 25).
     */
    private static void newChunk() {
        try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
            r.start();
            r.stop();
        }
    }
}
