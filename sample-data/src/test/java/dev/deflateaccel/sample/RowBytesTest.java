package dev.deflateaccel.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class RowBytesTest {

    @Test
    void sameSizeAndSeedSameBytes() {
        assertArrayEquals(RowBytes.generate(200_000, 7), RowBytes.generate(200_000, 7));
        assertFalse(Arrays.equals(RowBytes.generate(200_000, 7), RowBytes.generate(200_000, 8)));
    }

    @Test
    void exactlyTheRequestedSize() {
        assertEquals(0, RowBytes.generate(0, 1).length);
        assertEquals(1, RowBytes.generate(1, 1).length);
        assertEquals(100_003, RowBytes.generate(100_003, 1).length);
        assertThrows(IllegalArgumentException.class, () -> RowBytes.generate(-1, 1));
    }

    @Test
    void aShorterRunIsAPrefixOfALongerOne() {
        byte[] longer = RowBytes.generate(300_000, 3);
        assertArrayEquals(Arrays.copyOf(longer, 100_000), RowBytes.generate(100_000, 3));
    }

    /** Like real rows: compressible, but far from trivially so (blobs and uuids resist). */
    @Test
    void compressesLikeRowsNotLikeNoiseOrZeros() {
        byte[] data = RowBytes.generate(1 << 20, 20261130L);
        Deflater deflater = new Deflater();
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[data.length * 2];
        int size = 0;
        while (!deflater.finished()) {
            size += deflater.deflate(out, size, out.length - size);
        }
        deflater.end();
        double ratio = (double) size / data.length;
        assertTrue(ratio > 0.2 && ratio < 0.7, "deflate ratio " + ratio);
    }
}
