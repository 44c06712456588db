package io.jtrace.cli.query;

import io.jtrace.cli.UserException;

import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * Finds {@code jtrace-query.jar} (the SQL engine, DuckDB: ~80 MB with its native libraries, so it
 * is not inside the executable) and loads it in a class loader of its own, whose parent is the
 * executable's: the engine uses the executable's reading library. Where: {@code $JTRACE_QUERY_JAR},
 * else beside the running executable (where the build writes it and {@code jtrace install} copies it).
 * DuckDB's native library is unpacked from it once, into {@code $XDG_CACHE_HOME/jtrace/engine}
 * ({@link EngineClassLoader}).
 */
public final class QueryJar {
    private QueryJar() {}

    public static final String FILE_NAME = "jtrace-query.jar";
    public static final String ENVIRONMENT = "JTRACE_QUERY_JAR";

    private static SqlEngine engine;

    /** The engine, loaded once; a missing jar is one line saying what to do. */
    public static synchronized SqlEngine engine() {
        if (engine != null) return engine;
        Path jar = location();
        if (!Files.isRegularFile(jar)) {
            String where = System.getenv(ENVIRONMENT) != null && !System.getenv(ENVIRONMENT).isEmpty()
                    ? ENVIRONMENT + " names " + jar + ", which is not a file"
                    : "no " + FILE_NAME + " beside " + jar.getParent();
            throw new UserException("the SQL engine is missing: " + where + " (build it with 'mvn -B package' in jtrace's"
                    + " source, which writes jtrace/target/" + FILE_NAME + ", then 'jtrace/target/jtrace install'; or set "
                    + ENVIRONMENT + ")");
        }
        try {
            URLClassLoader loader = new EngineClassLoader(jar, io.jtrace.cli.launch.AgentJars.cacheRoot().resolve("engine"),
                    QueryJar.class.getClassLoader());
            Iterator<SqlEngine> found = ServiceLoader.load(SqlEngine.class, loader).iterator();
            if (!found.hasNext()) throw new UserException(jar + " is not jtrace's SQL engine (no " + SqlEngine.class.getName() + " in it)");
            engine = found.next();
            return engine;
        } catch (MalformedURLException | java.util.ServiceConfigurationError | LinkageError e) {
            throw new UserException("cannot load the SQL engine from " + jar + ": " + e.getMessage());
        }
    }

    /** Where the jar should be. */
    public static Path location() {
        String env = System.getenv(ENVIRONMENT);
        if (env != null && !env.isEmpty()) return Paths.get(env).toAbsolutePath();
        return besideExecutable();
    }

    /** {@code jtrace-query.jar} in the directory of the running executable (or of the CLI's classes, in tests). */
    public static Path besideExecutable() {
        try {
            Path self = Paths.get(QueryJar.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
            return self.getParent().resolve(FILE_NAME);
        } catch (URISyntaxException | RuntimeException e) {
            throw new UserException("cannot find this jtrace's executable: " + e.getMessage());
        }
    }
}
