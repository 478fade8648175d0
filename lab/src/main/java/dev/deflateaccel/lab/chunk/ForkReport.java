package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

/**
 * The side channel from a benchmark fork back to the runner. JMH only returns scores; the
 * compression ratio and the engine check are facts of the fork, so the fork writes them as small
 * files into the directory named by {@value #DIR_PROPERTY} (set by the runner per configuration).
 * Without that property (JMH run by hand) the facts are only printed.
 */
public final class ForkReport {
    public static final String DIR_PROPERTY = "deflateaccel.bench.reportDir";

    private ForkReport() {
    }

    public static void write(String fileName, String content) {
        System.out.println("[deflate-accel bench] " + content.trim().replace('\n', ' '));
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || dir.isEmpty()) {
            return;
        }
        try {
            Path target = Paths.get(dir).resolve(fileName);
            Files.createDirectories(target.getParent());
            // Write then rename, so the runner never reads half a file; forks may rewrite the same name.
            Path temp = Files.createTempFile(target.getParent(), fileName, ".tmp");
            Files.write(temp, content.getBytes(StandardCharsets.UTF_8));
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write fork report " + fileName + " to " + dir, e);
        }
    }

    public static String ratioFileName(String codec, String dataset, int chunkKiB) {
        return "ratio-" + codec + "-" + dataset + "-" + chunkKiB + ".properties";
    }

    public static String engineFilePrefix(String dataset, int chunkKiB) {
        return "engine-" + dataset + "-" + chunkKiB + "-";
    }
}
