package dev.deflateaccel.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Which case the forked child is running, kept in a small shared file mapping: the child writes
 * it before each call (no system call, so the fuzzer can afford it), and the page cache keeps it
 * when the child dies of SIGSEGV, SIGBUS or abort, so the parent can name the case that killed it.
 * Format: a 4-byte length, then "phase TAB version TAB index TAB case name" in UTF-8.
 */
final class ChildProgress implements AutoCloseable {
    private static final int SIZE = 4096;

    private final FileChannel channel;
    private final MappedByteBuffer map;

    private ChildProgress(FileChannel channel, MappedByteBuffer map) {
        this.channel = channel;
        this.map = map;
    }

    static ChildProgress create(Path file) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            return new ChildProgress(ch, ch.map(FileChannel.MapMode.READ_WRITE, 0, SIZE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void at(String phase, String version, int index, String name) {
        byte[] text = (phase + "\t" + version + "\t" + index + "\t" + name).getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, SIZE - 4);
        map.putInt(0, 0);
        map.position(4);
        map.put(text, 0, n);
        map.putInt(0, n);
    }

    /** Where the child was: {phase, version, index, name}, or null if it had not started a case. */
    static String[] read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) < 4) {
                return null;
            }
            byte[] all = Files.readAllBytes(file);
            int n = ((all[0] & 0xff) << 24) | ((all[1] & 0xff) << 16) | ((all[2] & 0xff) << 8) | (all[3] & 0xff);
            if (n <= 0 || n > all.length - 4) {
                return null;
            }
            String[] parts = new String(all, 4, n, StandardCharsets.UTF_8).split("\t", 4);
            return parts.length == 4 ? parts : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
