package dev.deflateaccel.agent.acceptance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Bytes behind a read-only file mapping, as an mmap'd SSTable hands them to the compressor. */
final class MappedInput {
    private MappedInput() {
    }

    /**
     * Writes {@code content} to a temp file (java.io.tmpdir), maps it read-only and deletes the
     * file at once: the mapping stays valid without its name (POSIX), so nothing is left behind
     * even if the run is killed.
     */
    static ByteBuffer map(byte[] content) {
        Path file = null;
        try {
            file = Files.createTempFile("deflate-accel-acceptance", ".bin");
            Files.write(file, content);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                return channel.map(FileChannel.MapMode.READ_ONLY, 0, content.length);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map a temp file in " + System.getProperty("java.io.tmpdir")
                    + " (set -Djava.io.tmpdir)", e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // The run goes on; the name is left in the temp directory.
                }
            }
        }
    }
}
