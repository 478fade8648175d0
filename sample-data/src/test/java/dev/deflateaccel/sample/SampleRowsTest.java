package dev.deflateaccel.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.stream.LongStream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class SampleRowsTest {

    private final SampleRows rows = new SampleRows(42, 10);

    @Test
    void aRowDependsOnlyOnSeedAndIndex() {
        assertEquals(rows.row(12_345).digest(), new SampleRows(42, 10).row(12_345).digest());
        assertNotEquals(rows.row(12_345).digest(), new SampleRows(43, 10).row(12_345).digest());
        assertNotEquals(rows.row(12_345).digest(), rows.row(12_346).digest());
    }

    @Test
    void keysMapBackToTheIndex() {
        SampleRow row = rows.row(12_345);
        assertEquals(1234, row.pk);
        assertEquals(5, row.ck);
        assertEquals(12_345, rows.indexOf(row.pk, row.ck));
    }

    @Test
    void theMixCompressesLikeRealDataWithSomeIncompressibleBlobs() {
        long blobs = LongStream.range(0, 7000).filter(i -> isNoise(rows.row(i).payload)).count();
        assertTrue(blobs > 700 && blobs < 1300, "about one row in seven carries random bytes: " + blobs);

        ByteArrayOutputStream all = new ByteArrayOutputStream();
        LongStream.range(0, 2000).mapToObj(rows::row).forEach(r -> {
            append(all, r.name.getBytes());
            append(all, r.body.getBytes());
            append(all, r.payload);
        });
        double ratio = deflatedSize(all.toByteArray()) / (double) all.size();
        assertTrue(ratio > 0.3 && ratio < 0.8, "neither trivially compressible nor random: " + ratio);
    }

    /** ByteArrayOutputStream.writeBytes is Java 11+. */
    private static void append(ByteArrayOutputStream out, byte[] bytes) {
        out.write(bytes, 0, bytes.length);
    }

    private static boolean isNoise(byte[] payload) {
        return payload.length > 0 && payload[0] != '{';
    }

    private static int deflatedSize(byte[] input) {
        Deflater deflater = new Deflater();
        deflater.setInput(input);
        deflater.finish();
        byte[] out = new byte[input.length + 1024];
        int size = deflater.deflate(out);
        deflater.end();
        return size;
    }
}
