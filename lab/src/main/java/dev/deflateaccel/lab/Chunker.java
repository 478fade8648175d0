package dev.deflateaccel.lab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts data into the chunks a compressed SSTable would hold: consecutive slices of exactly
 * {@code chunkBytes}. {@link #cut} drops the tail shorter than a chunk so that every benchmark
 * operation handles the same number of uncompressed bytes, which is what turns ops/s into MB/s
 * exactly (native_ref.c cuts the same way). {@link #cutKeepingTail} keeps it, as Cassandra's
 * CompressedSequentialWriter does with the end of a file: the level table compares total
 * compressed sizes, and a real table compresses its tails too.
 */
public final class Chunker {
    private Chunker() {
    }

    public static List<byte[]> cut(byte[] data, int chunkBytes) {
        if (chunkBytes <= 0) {
            throw new IllegalArgumentException("chunk size must be positive: " + chunkBytes);
        }
        int count = data.length / chunkBytes;
        if (count == 0) {
            throw new IllegalArgumentException(
                    "data set of " + data.length + " bytes is smaller than one " + chunkBytes + "-byte chunk");
        }
        List<byte[]> chunks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            chunks.add(Arrays.copyOfRange(data, i * chunkBytes, (i + 1) * chunkBytes));
        }
        return chunks;
    }

    /** Every byte, the last chunk shorter; one uncompressed SSTable data file at a time, so no chunk spans two. */
    public static List<byte[]> cutKeepingTail(byte[] file, int chunkBytes) {
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
