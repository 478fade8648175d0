package dev.deflateaccel.lab.levels;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts one uncompressed SSTable data file the way Cassandra's CompressedSequentialWriter would
 * compress it: consecutive slices of exactly {@code chunkBytes}, and the rest of the file as a
 * last, shorter chunk. Unlike the chunk benchmark's {@code Chunker}, the tail is kept: the level
 * table compares total compressed sizes, and a real table compresses its tails too. Files are cut
 * one by one, so no chunk spans two SSTables.
 */
public final class SSTableChunker {
    private SSTableChunker() {
    }

    public static List<byte[]> cut(byte[] file, int chunkBytes) {
        if (chunkBytes <= 0) {
            throw new IllegalArgumentException("chunk size must be positive: " + chunkBytes);
        }
        List<byte[]> chunks = new ArrayList<>(file.length / chunkBytes + 1);
        for (int from = 0; from < file.length; from += chunkBytes) {
            chunks.add(Arrays.copyOfRange(file, from, Math.min(file.length, from + chunkBytes)));
        }
        return chunks;
    }
}
