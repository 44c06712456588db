package io.jtrace.agent;

import io.jtrace.agent.instrument.ClassTemplate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * so concurrent JVMs and a crash mid-write leave a complete file or none. Anything unreadable is a
 * miss; the first failure to write is logged and turns writing off for the run.
 */
final class ClassCache {
    private static final int MAGIC = 0x4A544343; // "JTCC"
    private static final int FORMAT = 1;
    /** More files than this under one scope (class names that change from run to run): start afresh. */
    static final int MAX_FILES = 20_000;

    private final Path dir;
    private final AgentLog log;
    private volatile boolean writing = true;

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
            return new ClassCache(dir, log);
        } catch (IOException | RuntimeException e) {
            log.log("class cache off for this run: cannot use " + dir + " (" + e + ")");
            return null;
        }
    }

    /** The template kept for exactly these class bytes, or null. */
    ClassTemplate find(String internalName, byte[] classFile) {
        byte[] file;
        try {
            file = Files.readAllBytes(fileOf(internalName));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(file))) {
            if (in.readInt() != MAGIC || in.readInt() != FORMAT || !in.readUTF().equals(internalName)) return null;
            int originalLength = in.readInt();
            if (originalLength != classFile.length) return null;
            int at = file.length - in.available();
            if (at + originalLength > file.length || !Arrays.equals(file, at, at + originalLength, classFile, 0, originalLength)) return null;
            if (in.skipBytes(originalLength) != originalLength) return null;
            String className = in.readUTF();
            byte[] code = new byte[in.readInt()];
            in.readFully(code);
            List<ClassTemplate.Method> methods = new ArrayList<>();
            for (int n = in.readInt(); n > 0; n--) {
                String name = in.readUTF();
                String descriptor = in.readUTF();
                String source = in.readBoolean() ? in.readUTF() : null;
                methods.add(new ClassTemplate.Method(name, descriptor, source, in.readInt(), in.readInt()));
            }
            List<String> types = new ArrayList<>();
            for (int n = in.readInt(); n > 0; n--) types.add(in.readUTF());
            if (in.readInt() != MAGIC) return null; // cut short
            return new ClassTemplate(className, code, methods, types);
        } catch (IOException | RuntimeException e) {
            return null; // a file from a crashed writer or another format: rewritten and replaced
        }
    }

    /** Keeps a template for these class bytes (replacing what was kept for the name). */
    void keep(String internalName, byte[] classFile, ClassTemplate template) {
        if (!writing) return;
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(classFile.length + template.code().length + 1024);
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(MAGIC);
                out.writeInt(FORMAT);
                out.writeUTF(internalName);
                out.writeInt(classFile.length);
                out.write(classFile);
                out.writeUTF(template.className());
                out.writeInt(template.code().length);
                out.write(template.code());
                out.writeInt(template.methods().size());
                for (ClassTemplate.Method m : template.methods()) {
                    out.writeUTF(m.name());
                    out.writeUTF(m.descriptor());
                    out.writeBoolean(m.sourceFile() != null);
                    if (m.sourceFile() != null) out.writeUTF(m.sourceFile());
                    out.writeInt(m.line());
                    out.writeInt(m.access());
                }
                out.writeInt(template.types().size());
                for (String t : template.types()) out.writeUTF(t);
                out.writeInt(MAGIC);
            }
            Path target = fileOf(internalName);
            Path tmp = Files.createTempFile(dir, ".w", ".tmp");
            try {
                Files.write(tmp, bytes.toByteArray());
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
            log.log("class cache: cannot write into " + dir + " (" + e + "); classes are rewritten, not kept, for the rest of this run");
        }
    }

    /** A file name from the class name where it is a safe one, else from its hash. */
    private Path fileOf(String internalName) {
        String name = internalName.replace('/', '.');
        if (!safeFileName(name)) {
            CRC32 crc = new CRC32();
            crc.update(internalName.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            name = "~" + Long.toHexString(crc.getValue()) + "-" + internalName.length();
        }
        return dir.resolve(name + ".class-template");
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
