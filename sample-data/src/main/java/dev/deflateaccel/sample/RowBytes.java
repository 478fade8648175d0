package dev.deflateaccel.sample;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link SampleRows} as bytes laid out roughly like an SSTable's Data.db: per partition its key
 * and a timestamp base, then per row flags, the clustering key, a delta-coded cell timestamp and
 * each column with an unsigned-vint length, then an end-of-partition marker. What compresses is
 * what a Deflate table's chunks hold: prose and names with a skewed vocabulary, uuids,
 * increasing timestamps, small JSON documents, and in about one row in seven an incompressible
 * blob. The exact encoding matters less than that mix.
 *
 * <p>Deterministic: the same size and seed give the same bytes on every JDK and host, so the
 * doctor's self-test and the benchmarks see the same data everywhere.
 */
public final class RowBytes {
    /** Rows per partition, as in the node tests' tables. */
    private static final int ROWS_PER_PARTITION = 10;

    private RowBytes() {
    }

    /** Exactly {@code size} bytes: whole rows, the last one cut at {@code size}. */
    public static byte[] generate(int size, long seed) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + size);
        }
        SampleRows rows = new SampleRows(seed, ROWS_PER_PARTITION);
        ByteArrayOutputStream out = new ByteArrayOutputStream(size + 4096);
        for (long index = 0; out.size() < size; index++) {
            SampleRow row = rows.row(index);
            if (row.ck == 0) {
                writeLong(out, row.pk);
                writeVInt(out, row.created.toEpochMilli());
            }
            writeRow(out, row);
            if (row.ck == ROWS_PER_PARTITION - 1) {
                out.write(0x01);
            }
        }
        return Arrays.copyOf(out.toByteArray(), size);
    }

    private static void writeRow(ByteArrayOutputStream out, SampleRow row) {
        out.write(0x24);
        writeInt(out, row.ck);
        writeVInt(out, (row.created.toEpochMilli() % 1_000_000) * 1000);
        writeLong(out, row.id.getMostSignificantBits());
        writeLong(out, row.id.getLeastSignificantBits());
        writeBytes(out, row.name.getBytes(StandardCharsets.UTF_8));
        writeBytes(out, row.body.getBytes(StandardCharsets.UTF_8));
        writeLong(out, Double.doubleToLongBits(row.amount));
        writeBytes(out, row.payload);
    }

    private static void writeBytes(ByteArrayOutputStream out, byte[] bytes) {
        writeVInt(out, bytes.length);
        out.write(bytes, 0, bytes.length);
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.write(value >>> shift);
        }
    }

    private static void writeLong(ByteArrayOutputStream out, long value) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            out.write((int) (value >>> shift));
        }
    }

    /** Unsigned LEB128; close enough to Cassandra's vint for what compression sees. */
    private static void writeVInt(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7fL) != 0) {
            out.write((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }
}
