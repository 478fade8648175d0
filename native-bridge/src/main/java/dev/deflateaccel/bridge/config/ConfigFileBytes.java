package dev.deflateaccel.bridge.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

import dev.deflateaccel.bridge.files.FileFacts;
import dev.deflateaccel.bridge.files.FileTrust;

/**
 * Gets a config file's bytes without letting the file hurt the node: premain runs before
 * Cassandra starts, so a path that blocks (a FIFO) hangs the start, and one that never ends
 * (/dev/zero) runs the heap out, and Cassandra's {@code -XX:OnOutOfMemoryError="kill -9 %p"}
 * then kills the node. Everything that can be judged is judged before the file is opened.
 */
final class ConfigFileBytes {
    /** zlib-accel's files are under 2 KiB: 64 KiB is plenty, and small enough for any heap. */
    static final int MAX_BYTES = 64 * 1024;

    /** Why a config file that exists was not used; the message names the file. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(Path path, String reason) {
            super("config file " + FileTrust.describe(path) + " " + reason);
        }
    }

    private ConfigFileBytes() {
    }

    /** The file's bytes, or null when nothing is at the path (zlib-accel: all defaults). */
    static byte[] read(Path path) throws Refused {
        FileFacts before;
        try {
            before = FileFacts.of(path);
        } catch (NoSuchFileException e) {
            if (Files.isSymbolicLink(path)) {
                // A ConfigMap that lost its target is a broken deployment, not "no config".
                throw new Refused(path, "is a symlink to nothing");
            }
            return null;
        } catch (IOException | RuntimeException e) {
            throw new Refused(path, "cannot be examined (" + e + ")");
        }
        String untrusted = FileTrust.refusal(before);
        if (untrusted != null) {
            throw new Refused(path, untrusted);
        }
        if (before.size() > MAX_BYTES) {
            throw new Refused(path, "is " + before.size() + " bytes, over the " + MAX_BYTES + "-byte limit");
        }
        byte[] bytes;
        // The size was checked, but a file can grow, and some (procfs) report 0: read one byte
        // past the cap, never more.
        try (InputStream in = Files.newInputStream(path)) {
            bytes = readAtMost(in, MAX_BYTES + 1);
        } catch (IOException | RuntimeException e) {
            throw new Refused(path, "cannot be read (" + e + ")");
        }
        if (bytes.length > MAX_BYTES) {
            throw new Refused(path, "is over the " + MAX_BYTES + "-byte limit");
        }
        // The bytes must come from the file judged above, not one swapped in between.
        try {
            if (!FileFacts.of(path).sameFileAs(before)) {
                throw new Refused(path, "was replaced while being read; restart to read it again");
            }
        } catch (IOException | RuntimeException e) {
            throw new Refused(path, "disappeared while being read (" + e + ")");
        }
        return bytes;
    }

    /** Java 11's {@code in.readNBytes(max)}: up to {@code max} bytes, fewer only at the end of the stream. */
    private static byte[] readAtMost(InputStream in, int max) throws IOException {
        byte[] b = new byte[max];
        int n = 0;
        for (int r; n < max && (r = in.read(b, n, max - n)) >= 0; ) {
            n += r;
        }
        return n == max ? b : Arrays.copyOf(b, n);
    }
}
