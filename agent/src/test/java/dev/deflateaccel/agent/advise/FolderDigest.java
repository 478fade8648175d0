package dev.deflateaccel.agent.advise;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.Map;
import java.util.TreeMap;

/** Every file and folder under a root: name, size, mtime and a SHA-256 of the bytes. Equal means untouched. */
final class FolderDigest {
    private final Map<String, String> entries;

    private FolderDigest(Map<String, String> entries) {
        this.entries = entries;
    }

    static FolderDigest of(Path root) throws IOException {
        final Map<String, String> entries = new TreeMap<>();
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
        return new FolderDigest(entries);
    }

    private static String sha256(Path f) throws IOException {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f));
            StringBuilder b = new StringBuilder();
            for (byte x : d) {
                b.append(String.format("%02x", x));
            }
            return b.toString();
        } catch (java.security.NoSuchAlgorithmException e) {
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
