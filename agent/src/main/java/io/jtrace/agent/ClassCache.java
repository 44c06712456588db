package io.jtrace.agent;

import io.jtrace.agent.instrument.ClassTemplate;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Classes rewritten by earlier runs with the same probes and scope ({@code classCache=DIR}, given
 * by jtrace run): a file per class name holding the original class file, so that a hit is exact
 * (compared byte for byte, never trusted on a hash), and its {@link ClassTemplate}. A class whose
 * bytes changed is rewritten and its file replaced; files are written whole and renamed into place,
 * so concurrent JVMs and a crash mid-write leave a complete file or none; a thread of its own
 * writes them. Anything unreadable is a miss; the first failure to write is logged and turns
 * writing off for the run.
 */
final class ClassCache {
    private static final int MAGIC = 0x4A544343; // "JTCC"
    private static final int FORMAT = 2;
    /** More files than this under one scope (class names that change from run to run): start afresh. */
    static final int MAX_FILES = 20_000;

    private static final long PID = ProcessHandle.current().pid();
    private static final java.util.concurrent.atomic.AtomicLong TEMP_FILES = new java.util.concurrent.atomic.AtomicLong();

    private final Path dir;
    private final AgentLog log;
    private volatile boolean writing = true;
    private final java.util.concurrent.LinkedBlockingQueue<Object[]> pending = new java.util.concurrent.LinkedBlockingQueue<>();
    private Thread writer;
    private long submitted;
    private long written;

    private ClassCache(Path dir, AgentLog log) {
        this.dir = dir;
        this.log = log;
    }

    /**
     * The cache for one configuration ({@code scopeKey}: what decides how classes are rewritten)
     * under {@code root}; null (logged) if its directory cannot be made.
     */
    static ClassCache open(Path root, String scopeKey, AgentLog log) {
        return open(root, scopeKey, log, MAX_FILES);
    }

    static ClassCache open(Path root, String scopeKey, AgentLog log, int maxFiles) {
        Path dir = root.resolve(scopeKey);
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(root);
                try {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (UnsupportedOperationException notPosix) {
                    Files.createDirectories(dir);
                }
            } else {
                Files.setLastModifiedTime(dir, FileTime.fromMillis(System.currentTimeMillis())); // jtrace run prunes the least recent
                if (tooMany(dir, maxFiles)) clear(dir);
            }
            ClassCache cache = new ClassCache(dir, log);
            // at exit, beside the recording's own end: what is still being written (a first run's
            // last classes), for at most half a second
            Runtime.getRuntime().addShutdownHook(new Thread(() -> cache.awaitWritten(500), "jtrace-class-cache-exit"));
            return cache;
        } catch (IOException | RuntimeException e) {
            log.log("class cache off for this run: cannot use " + dir + " (" + e + ")");
            return null;
        }
    }

    /**
     * The template kept for exactly these class bytes, or null. Parsed from one read of the file
     * without streams: this runs interpreted, in the program's class loading, for every class.
     */
    ClassTemplate find(String internalName, byte[] classFile) {
        Path path = fileOf(internalName);
        byte[] file;
        try {
            if (!path.toFile().isFile()) return null; // no exception (a stack trace deep in class loading) for a miss
            file = Files.readAllBytes(path);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        try {
            ByteBuffer in = ByteBuffer.wrap(file);
            if (in.getInt() != MAGIC || in.getInt() != FORMAT || !internalName.equals(string(in))) return null;
            int originalLength = in.getInt();
            int at = in.position();
            if (originalLength != classFile.length || at + originalLength > file.length
                    || !Arrays.equals(file, at, at + originalLength, classFile, 0, originalLength)) return null;
            in.position(at + originalLength);
            String className = string(in);
            byte[] code = new byte[in.getInt()];
            in.get(code);
            int methodCount = in.getInt();
            List<ClassTemplate.Method> methods = new ArrayList<>(methodCount);
            for (int i = 0; i < methodCount; i++) {
                String name = string(in);
                String descriptor = string(in);
                String source = string(in);
                methods.add(new ClassTemplate.Method(name, descriptor, source, in.getInt(), in.getInt()));
            }
            int typeCount = in.getInt();
            List<String> types = new ArrayList<>(typeCount);
            for (int i = 0; i < typeCount; i++) types.add(string(in));
            if (in.getInt() != MAGIC || in.hasRemaining()) return null; // cut short, or not ours
            return new ClassTemplate(className, code, methods, types);
        } catch (RuntimeException e) {
            return null; // a file cut short or of another format: rewritten and replaced
        }
    }

    /**
     * Keeps a template for these class bytes (replacing what was kept for the name), written by a
     * thread of its own: written in the class-loading path, the files of a first traced run delayed
     * its class loading measurably (bench/README.md, "classes kept between runs, the recording
     * copied by the kernel"). Writes still pending when the JVM exits are dropped (the next run writes them).
     */
    void keep(String internalName, byte[] classFile, ClassTemplate template) {
        if (!writing) return;
        synchronized (this) {
            if (writer == null) {
                writer = new Thread(this::writeLoop, "jtrace-class-cache");
                writer.setDaemon(true);
                writer.start();
            }
            submitted++;
        }
        pending.add(new Object[] {internalName, classFile, template});
    }

    /** Waits until every template kept so far is written (or failed). */
    synchronized void awaitWritten() throws InterruptedException {
        while (written < submitted) wait();
    }

    private synchronized void awaitWritten(long millis) {
        long end = System.currentTimeMillis() + millis;
        try {
            for (long left = millis; written < submitted && left > 0; left = end - System.currentTimeMillis()) wait(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeLoop() {
        for (;;) {
            Object[] e;
            try {
                e = pending.take();
            } catch (InterruptedException stop) {
                return;
            }
            try {
                if (writing) write((String) e[0], (byte[]) e[1], (ClassTemplate) e[2]);
            } finally {
                synchronized (this) {
                    written++;
                    notifyAll();
                }
            }
        }
    }

    private void write(String internalName, byte[] classFile, ClassTemplate template) {
        try {
            int size = 64 + classFile.length + template.code().length;
            List<byte[]> strings = new ArrayList<>();
            strings.add(utf8(internalName));
            strings.add(utf8(template.className()));
            for (ClassTemplate.Method m : template.methods()) {
                strings.add(utf8(m.name()));
                strings.add(utf8(m.descriptor()));
                strings.add(utf8(m.sourceFile()));
                size += 8;
            }
            for (String t : template.types()) strings.add(utf8(t));
            for (byte[] b : strings) size += 4 + (b == null ? 0 : b.length);
            ByteBuffer out = ByteBuffer.allocate(size);
            int s = 0;
            out.putInt(MAGIC).putInt(FORMAT);
            string(out, strings.get(s++));
            out.putInt(classFile.length).put(classFile);
            string(out, strings.get(s++));
            out.putInt(template.code().length).put(template.code());
            out.putInt(template.methods().size());
            for (ClassTemplate.Method m : template.methods()) {
                string(out, strings.get(s++));
                string(out, strings.get(s++));
                string(out, strings.get(s++));
                out.putInt(m.line()).putInt(m.access());
            }
            out.putInt(template.types().size());
            for (int i = 0; i < template.types().size(); i++) string(out, strings.get(s++));
            out.putInt(MAGIC);
            Path target = fileOf(internalName);
            // a name of our own: Files.createTempFile seeds a SecureRandom on first use
            Path tmp = dir.resolve(".w" + PID + "-" + TEMP_FILES.incrementAndGet() + ".tmp");
            try {
                Files.write(tmp, Arrays.copyOf(out.array(), out.position()), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            writing = false;
            // another jtrace run pruned this scope's directory (it keeps the newest few): a cache
            // gone is nothing to report; the classes are rewritten, not kept, for the rest of this run
            if (Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                log.log("class cache: cannot write into " + dir + " (" + e + "); classes are rewritten, not kept, for the rest of this run");
            }
        }
    }

    private static byte[] utf8(String s) {
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    /** A string: its UTF-8 length (-1: null), then its bytes. */
    private static void string(ByteBuffer out, byte[] utf8) {
        if (utf8 == null) {
            out.putInt(-1);
        } else {
            out.putInt(utf8.length).put(utf8);
        }
    }

    private static String string(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0) return null;
        String s = new String(in.array(), in.position(), n, StandardCharsets.UTF_8);
        in.position(in.position() + n);
        return s;
    }

    /** A file name from the class name where it is a safe one, else from its hash. */
    private Path fileOf(String internalName) {
        String name = internalName.replace('/', '.');
        if (!safeFileName(name)) name = "~" + shortName(internalName);
        return dir.resolve(name + ".class-template");
    }

    /** A short file name for any text: its UTF-8 bytes' CRC-32 and their count. */
    static String shortName(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return Long.toHexString(crc.getValue()) + "-" + bytes.length;
    }

    private static boolean safeFileName(String name) {
        if (name.isEmpty() || name.length() > 160 || name.charAt(0) == '.') return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '$' || c == '-';
            if (!ok) return false;
        }
        return true;
    }

    private static boolean tooMany(Path dir, int maxFiles) throws IOException {
        int n = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path ignored : files) if (++n > maxFiles) return true;
        }
        return false;
    }

    private static void clear(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) Files.deleteIfExists(f);
        }
    }
}
