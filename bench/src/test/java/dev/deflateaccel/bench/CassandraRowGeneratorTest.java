package dev.deflateaccel.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;

class CassandraRowGeneratorTest {
    @Test
    void sameSeedSameBytes() {
        assertArrayEquals(CassandraRowGenerator.generate(200_000), CassandraRowGenerator.generate(200_000));
    }

    @Test
    void reachesTheRequestedSize() {
        int size = CassandraRowGenerator.generate(100_000).length;
        assertTrue(size >= 100_000 && size < 110_000, "size " + size);
    }

    /** Like real rows: compressible, but far from trivially so (blobs and uuids resist). */
    @Test
    void compressesLikeRowsNotLikeNoiseOrZeros() {
        byte[] data = CassandraRowGenerator.generate(1 << 20);
        Deflater deflater = new Deflater();
        deflater.setInput(data);
        deflater.finish();
        ByteBuffer out = ByteBuffer.allocate(data.length * 2);
        while (!deflater.finished()) {
            deflater.deflate(out);
        }
        deflater.end();
        double ratio = (double) out.position() / data.length;
        assertTrue(ratio > 0.2 && ratio < 0.7, "deflate ratio " + ratio);
    }
}
