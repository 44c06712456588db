package io.jtrace.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** {@code jtrace --version}: the build's version and the JVM running it. */
public final class Version implements CommandLine.IVersionProvider {
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException ignored) {
            // fall through
        }
        return p.getProperty("version", "dev");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"jtrace " + version(),
            "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")};
    }
}
