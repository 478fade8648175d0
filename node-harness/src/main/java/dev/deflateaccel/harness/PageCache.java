package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * How much of a file sits in the kernel's page cache, as util-linux's {@code fincore} reports it
 * (mincore(2) over a mapping of the file, without reading it). A file written with buffered I/O
 * is resident right after the write; one written with O_DIRECT is not, which is how a test tells
 * Cassandra 6.0's direct background writes from buffered ones from outside the node.
 */
public final class PageCache {

    private PageCache() {
    }

    /** Bytes of {@code file} in the page cache now; fails when {@code fincore} is missing or fails. */
    public static long residentBytes(Path file) {
        Process p;
        try {
            p = new ProcessBuilder("fincore", "--bytes", "--noheadings", "--output", "RES", file.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("fincore (util-linux) is needed to read a file's page-cache residency", e);
        }
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !out.matches("\\d+")) {
                throw new IllegalStateException("fincore " + file + " failed: " + out);
            }
            return Long.parseLong(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            p.destroy();
        }
    }

    /** {@code file}'s size, for setting residency against it. */
    public static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
