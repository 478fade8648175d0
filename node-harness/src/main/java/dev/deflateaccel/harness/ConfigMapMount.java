package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A directory laid out the way the kubelet mounts a ConfigMap (its AtomicWriter): the files in a
 * timestamped directory {@code ..2026_12_01_18_52_14.1}, a link {@code ..data} to it, and each
 * key a link {@code key -> ..data/key}. An update writes a new timestamped directory, points a
 * new link {@code ..data_tmp} at it, renames that over {@code ..data} (one atomic step: a reader
 * sees the old files or the new, never a mix) and removes the old directory. Files are 0644, the
 * ConfigMap default mode.
 */
public final class ConfigMapMount {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("'..'yyyy_MM_dd_HH_mm_ss.");
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Path dir;

    private ConfigMapMount(Path dir) {
        this.dir = dir;
    }

    /** A fresh mount at {@code dir} holding {@code files} (name to content). */
    public static ConfigMapMount create(Path dir, Map<String, String> files) {
        try {
            if (Files.exists(dir)) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    walk.sorted(Comparator.reverseOrder()).forEach(ConfigMapMount::delete);
                }
            }
            Files.createDirectories(dir);
            ConfigMapMount mount = new ConfigMapMount(dir);
            mount.update(files);
            for (String key : files.keySet()) {
                Files.createSymbolicLink(dir.resolve(key), Path.of("..data", key));
            }
            return mount;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a ConfigMap mount at " + dir, e);
        }
    }

    /** The path a container reads: {@code dir/key}, a link through {@code ..data}. */
    public Path file(String key) {
        return dir.resolve(key);
    }

    /** A Kubernetes-style update: new directory, atomic swap of ..data, old directory removed. */
    public void update(Map<String, String> files) {
        try {
            Path data = dir.resolve("..data");
            Path old = Files.isSymbolicLink(data) ? dir.resolve(Files.readSymbolicLink(data)) : null;
            Path next = dir.resolve(LocalDateTime.now().format(STAMP) + SEQUENCE.incrementAndGet());
            Files.createDirectory(next);
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path file = next.resolve(f.getKey());
                Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Path tmp = dir.resolve("..data_tmp");
            Files.deleteIfExists(tmp);
            Files.createSymbolicLink(tmp, next.getFileName());
            Files.move(tmp, data, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            if (old != null) {
                try (Stream<Path> walk = Files.walk(old)) {
                    walk.sorted(Comparator.reverseOrder()).forEach(ConfigMapMount::delete);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update the ConfigMap mount at " + dir, e);
        }
    }

    private static void delete(Path p) {
        try {
            Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
