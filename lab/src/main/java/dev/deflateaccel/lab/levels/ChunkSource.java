package dev.deflateaccel.lab.levels;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.Chunker;
import dev.deflateaccel.lab.Datasets;

/**
 * The uncompressed bytes the level table compresses, as a list of "files" each cut into chunks on
 * its own: the Data.db files of node-written uncompressed SSTables ({@code sstables:DIR}), or, as
 * a fallback, one of the chunk benchmark's data sets ({@code dataset:NAME}), which the report
 * labels as not node-written.
 *
 * At most {@code maxBytes} are read, whole files first; a file that would cross the budget is cut
 * at a multiple of {@link #ALIGN} so every chunk size sees exactly the same bytes.
 */
public final class ChunkSource {
    /** The largest chunk size: cutting there keeps the bytes identical at 4, 16 and 64 KiB. */
    static final int ALIGN = 64 * 1024;

    public final String spec;
    public final String label;
    public final boolean nodeWritten;
    private final List<byte[]> files;

    private ChunkSource(String spec, String label, boolean nodeWritten, List<byte[]> files) {
        this.spec = spec;
        this.label = label;
        this.nodeWritten = nodeWritten;
        this.files = files;
    }

    /** {@code sstables:DIR} or {@code dataset:NAME}. */
    public static ChunkSource load(String spec, Path corpusRoot, long maxBytes) {
        if (spec.startsWith("sstables:")) {
            return sstables(spec, Paths.get(spec.substring("sstables:".length())), maxBytes);
        }
        if (spec.startsWith("dataset:")) {
            return dataset(spec, spec.substring("dataset:".length()), corpusRoot, maxBytes);
        }
        throw new IllegalArgumentException("source '" + spec + "' is neither sstables:DIR nor dataset:NAME");
    }

    private static ChunkSource sstables(String spec, Path dir, long maxBytes) {
        List<Path> paths = SSTableFiles.find(dir);
        List<byte[]> files = new ArrayList<>();
        long used = 0;
        long available = 0;
        for (Path p : paths) {
            long size = size(p);
            available += size;
            long take = bytesToTake(size, maxBytes - used);
            if (take > 0) {
                files.add(readPrefix(p, take));
                used += take;
            }
        }
        String label = String.format(Locale.ROOT,
                "node-written uncompressed SSTables under %s: %d Data.db file(s), %s of %s used", dir, paths.size(),
                mib(used), mib(available));
        return new ChunkSource(spec, label, true, files);
    }

    private static ChunkSource dataset(String spec, String name, Path corpusRoot, long maxBytes) {
        byte[] all = Datasets.load(name, corpusRoot);
        long take = bytesToTake(all.length, maxBytes);
        String what = Datasets.GENERATED.equals(name) ? "generated Cassandra-like rows"
                : "the " + name + " corpus";
        String label = String.format(Locale.ROOT, "data set '%s', %s, %s of %s used: NOT node-written SSTables",
                name, what, mib(take), mib(all.length));
        return new ChunkSource(spec, label, false, List.of(Arrays.copyOf(all, (int) take)));
    }

    /**
     * How much of a file of {@code size} bytes fits in {@code remaining}: all of it, or the largest
     * multiple of {@link #ALIGN} that fits (0 when not even one).
     */
    static long bytesToTake(long size, long remaining) {
        if (size <= remaining) {
            return size;
        }
        return remaining <= 0 ? 0 : remaining / ALIGN * ALIGN;
    }

    /** Every file cut into chunks of {@code chunkBytes}, tails kept, in file order. */
    public List<byte[]> chunks(int chunkBytes) {
        return files.stream().flatMap(f -> Chunker.cutKeepingTail(f, chunkBytes).stream()).collect(Collectors.toList());
    }

    public long totalBytes() {
        return files.stream().mapToLong(f -> f.length).sum();
    }

    private static long size(Path p) {
        try {
            return java.nio.file.Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] readPrefix(Path p, long bytes) {
        if (bytes > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("a budget over 2 GiB per file is not supported: " + bytes);
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) bytes);
        try (FileChannel channel = FileChannel.open(p, StandardOpenOption.READ)) {
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read until full
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (buffer.hasRemaining()) {
            throw new IllegalStateException(p + " shrank while being read");
        }
        return buffer.array();
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
