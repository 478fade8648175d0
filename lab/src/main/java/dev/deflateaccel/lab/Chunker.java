package dev.deflateaccel.lab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a data set into the chunks a compressed SSTable would hold: consecutive slices of exactly
 * {@code chunkBytes}. The tail shorter than a chunk is dropped so that every benchmark operation
 * handles the same number of uncompressed bytes, which is what turns ops/s into MB/s exactly.
 * native_ref.c cuts the same way.
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
}
