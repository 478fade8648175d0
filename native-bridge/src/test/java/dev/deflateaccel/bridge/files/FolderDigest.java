package dev.deflateaccel.bridge.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every file and folder under a root: name, size, mtime and a SHA-256 of the bytes. Equal means
 * untouched. For the advisor's read-only checks, on synthetic SSTables (agent) and on real nodes' (it).
 */
public final class FolderDigest {
    private final Map<String, String> entries;

    private FolderDigest(Map<String, String> entries) {
        this.entries = entries;
    }

    public static FolderDigest of(Path root) {
        final Map<String, String> entries = new TreeMap<>();
        try {
            walk(root, entries);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + root, e);
        }
        return new FolderDigest(entries);
    }

    private static void walk(Path root, Map<String, String> entries) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                entries.put(root.relativize(d) + "/", "mtime " + a.lastModifiedTime().toMillis());
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                entries.put(root.relativize(f).toString(), a.size() + " bytes, mtime " + a.lastModifiedTime().toMillis()
                        + ", sha256 " + sha256(f));
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** The relative names, folders ending in "/". */
    public Set<String> names() {
        return entries.keySet();
    }

    private static String sha256(Path f) throws IOException {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f));
            StringBuilder b = new StringBuilder();
            for (byte x : d) {
                b.append(String.format("%02x", x));
            }
            return b.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FolderDigest && ((FolderDigest) o).entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return entries.toString();
    }
}
