import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

/**
 * What closing a copied recording costs, by how its file was opened (bench/README.md, "The end of a
 * traced run"): on ext4 the close of a file truncated and written again starts writing all of it to
 * disk in the closing thread.
 *
 *   java bench/CloseCost.java SOURCE DESTINATION MODE
 *
 * MODE: existing (DESTINATION as it is, opened with TRUNCATE_EXISTING), fresh (made empty first, then
 * TRUNCATE_EXISTING, as JFR's destination check leaves it), notrunc (made empty, written in place:
 * what ChunkCopy does), delete (removed first, created anew).
 */
public class CloseCost {
    public static void main(String[] a) throws Exception {
        Path src = Paths.get(a[0]);
        Path dst = Paths.get(a[1]);
        String mode = a[2];
        if (mode.equals("fresh") || mode.equals("notrunc")) {
            Files.deleteIfExists(dst);
            Files.createFile(dst);
        }
        if (mode.equals("delete")) Files.deleteIfExists(dst);
        long t0 = System.nanoTime();
        FileChannel out = mode.equals("notrunc") ? FileChannel.open(dst, WRITE, CREATE) : FileChannel.open(dst, WRITE, CREATE, TRUNCATE_EXISTING);
        try (FileChannel in = FileChannel.open(src, READ)) {
            long pos = 0;
            long n = in.size();
            while (pos < n) pos += in.transferTo(pos, n - pos, out);
        }
        long t1 = System.nanoTime();
        out.close();
        long t2 = System.nanoTime();
        System.out.printf("%s: copy %d ms, close %d ms%n", mode, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    }
}
