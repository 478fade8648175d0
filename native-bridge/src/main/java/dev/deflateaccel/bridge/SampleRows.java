package dev.deflateaccel.bridge;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.UUID;

/**
 * Rows shaped like a Cassandra table's (uuids, timestamps, words, numbers, one row in four with
 * a random blob), from a seed, so every run and every host sees the same bytes. The doctor's
 * self-test sample, and the tests' data when the Calgary/Canterbury corpora are absent.
 */
public final class SampleRows {
    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "user",
        "order", "status", "shipped", "pending", "cancelled", "Berlin", "Lisbon", "Osaka", "Denver"};

    private SampleRows() {
    }

    public static byte[] generate(int size, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(size + 256);
        long ts = 1_764_460_800_000L;
        byte[] blob = new byte[24];
        while (sb.length() < size) {
            sb.append(new UUID(r.nextLong(), r.nextLong())).append('|').append(ts += r.nextInt(5000)).append('|');
            for (int w = 0, n = 3 + r.nextInt(8); w < n; w++) {
                sb.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
            }
            sb.append('|').append(r.nextInt(100_000)).append('|');
            if (r.nextInt(4) == 0) {
                r.nextBytes(blob);
                for (byte b : blob) {
                    sb.append((char) (b & 0xff));
                }
            }
            sb.append('\n');
        }
        return Arrays.copyOf(sb.toString().getBytes(StandardCharsets.ISO_8859_1), size);
    }
}
