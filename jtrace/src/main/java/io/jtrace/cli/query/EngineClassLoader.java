package io.jtrace.cli.query;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The class loader of {@code jtrace-query.jar}, which unpacks DuckDB's native library once.
 *
 * <p>DuckDB's driver finds its library (71 MB, 24 MB compressed) as a resource of its jar and
 * unpacks it to a temporary file every time it loads: most of a small query's time
 * (bench/README.md, "query: the engine's library unpacked once"). This loader unpacks it once
 * per library (its entry's CRC-32 and size name the directory) under jtrace's cache directory,
 * then hides the entry from the driver, which falls back to {@code System.loadLibrary}, which
 * asks this loader where the library is. If the cache cannot be written, the entry is not hidden
 * and the driver unpacks it itself, as before.
 */
final class EngineClassLoader extends URLClassLoader {
    /** The driver's entries: {@code libduckdb_java.so_<os>_<arch>} at the jar's root. */
    static final String LIBRARY_ENTRY = "libduckdb_java.so_";
    /** The name the driver loads the library by when its entry is not found. */
    static final String LIBRARY_NAME = "duckdb_java";
    /** Another library (another DuckDB) unused this long is removed when one is unpacked (and unpacked again if used). */
    private static final long STALE_MILLIS = 3_600_000;

    private final Path jar;
    private final Path cache;
    private volatile Path unpacked;

    EngineClassLoader(Path jar, Path cache, ClassLoader parent) throws MalformedURLException {
        super(new URL[] {jar.toUri().toURL()}, parent);
        this.jar = jar;
        this.cache = cache;
    }

    @Override
    public URL findResource(String name) {
        if (name.startsWith(LIBRARY_ENTRY) && name.indexOf('/') < 0) {
            Path library = unpack(name);
            if (library != null) {
                unpacked = library;
                return null;
            }
        }
        return super.findResource(name);
    }

    @Override
    protected String findLibrary(String name) {
        Path library = unpacked;
        return library != null && name.equals(LIBRARY_NAME) ? library.toString() : super.findLibrary(name);
    }

    /** The library in entry {@code name}, unpacked in the cache if it was not; null if it cannot be. */
    Path unpack(String name) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry(name);
            if (entry == null || entry.getSize() < 0 || entry.getCrc() < 0) return null;
            Path dir = cache.resolve(String.format("%08x%x", entry.getCrc(), entry.getSize()));
            Path library = dir.resolve(System.mapLibraryName(LIBRARY_NAME));
            // the size its unpacking wrote (a file is moved in only when whole): an unpacked library is used as it is
            if (Files.isRegularFile(library) && Files.size(library) == entry.getSize()) {
                Files.setLastModifiedTime(dir, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis())); // in use: not stale
                return library;
            }
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, library.getFileName().toString(), ".tmp");
            try {
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                }
                if (Files.size(tmp) != entry.getSize()) return null;
                io.jtrace.cli.launch.AgentJars.moveIntoPlace(tmp, library);
            } finally {
                Files.deleteIfExists(tmp);
            }
            removeStale(dir);
            return library;
        } catch (IOException | RuntimeException e) {
            return null; // the driver unpacks it to a temporary file, as it does without this loader
        }
    }

    /** Libraries of other builds unpacked long enough ago: one per DuckDB version would pile up. */
    private void removeStale(Path current) {
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(cache, Files::isDirectory)) {
            for (Path dir : dirs) {
                if (dir.equals(current) || now - Files.getLastModifiedTime(dir).toMillis() < STALE_MILLIS) continue;
                try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                    for (Path f : files) Files.deleteIfExists(f);
                }
                Files.deleteIfExists(dir);
            }
        } catch (IOException | RuntimeException e) {
            // left for the next library unpacked
        }
    }
}
