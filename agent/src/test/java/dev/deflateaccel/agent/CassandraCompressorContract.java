package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;

/**
 * Cassandra's own {@code test/unit/org/apache/cassandra/io/compress/CompressorTest} (5.0), the
 * parts that run on {@code DeflateCompressor}, ported to {@link DeflateCompressorCalls} so that
 * they can run on the woven class in a child JVM: the array uncompress at offsets (empty, short,
 * long), the mapped file, and every heap/direct combination of input, compressed and output
 * buffers with the positions and limits Cassandra asserts. Throws AssertionError on a difference.
 */
final class CassandraCompressorContract {
    /** RandomAccessReader.DEFAULT_BUFFER_SIZE, the size CompressorTest's buffer tests use. */
    private static final int BUFFER_TEST_BYTES = 4096;

    private final DeflateCompressorCalls compressor;
    private final Path work;
    private final Random random = new Random(21);

    CassandraCompressorContract(DeflateCompressorCalls compressor, Path work) {
        this.compressor = compressor;
        this.work = work;
    }

    /** Every check, in CompressorTest's order; returns how many compress calls it made. */
    int run() throws IOException {
        testArrayUncompress(new byte[0], 0, 0);
        byte[] longArray = new byte[1 << 20];
        testArrayUncompress(longArray, 13, 1 << 19);
        random.nextBytes(longArray);
        testArrayUncompress(longArray, 0, longArray.length);
        testArrayUncompress(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, 1, 10);
        testMappedFile();
        int calls = 5;
        for (boolean directIn : new boolean[] {false, true}) {
            for (boolean directCompressed : new boolean[] {false, true}) {
                for (boolean directOut : new boolean[] {false, true}) {
                    testByteBuffers(directIn, directCompressed, directOut);
                    calls++;
                }
            }
        }
        return calls;
    }

    private void testArrayUncompress(byte[] data, int off, int len) throws IOException {
        ByteBuffer src = ByteBuffer.allocate(len);
        src.put(data, off, len);
        src.flip();
        int outOffset = 3;
        ByteBuffer compressed = ByteBuffer.allocate(outOffset + compressor.initialCompressedBufferLength(len));
        random.nextBytes(compressed.array());
        compressed.position(outOffset);
        compressor.compress(src, compressed);
        int compressedLength = compressed.position() - outOffset;
        int restoreOffset = 5;
        byte[] restored = new byte[restoreOffset + len];
        random.nextBytes(restored);
        byte[] compressedBytes = Arrays.copyOf(compressed.array(), compressed.capacity());
        int decompressedLength = compressor.uncompress(compressedBytes, outOffset, compressedLength, restored, restoreOffset);
        check(decompressedLength == len, "array uncompress of " + len + " bytes returned " + decompressedLength);
        check(Arrays.equals(Arrays.copyOfRange(data, off, off + len),
                Arrays.copyOfRange(restored, restoreOffset, restoreOffset + decompressedLength)),
                "array uncompress of " + len + " bytes gave other bytes");
    }

    private void testMappedFile() throws IOException {
        byte[] data = new byte[1 << 20];
        random.nextBytes(data);
        ByteBuffer src = ByteBuffer.wrap(data);
        int outOffset = 3;
        ByteBuffer dest = ByteBuffer.allocate(outOffset + compressor.initialCompressedBufferLength(data.length));
        random.nextBytes(dest.array());
        dest.position(outOffset);
        compressor.compress(src, dest);
        int compressedLength = dest.position() - outOffset;
        Path temp = Files.createTempFile(work, "tempfile", ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            dest.clear();
            channel.write(dest);
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            ByteBuffer result = ByteBuffer.allocate(data.length + 100);
            mapped.position(outOffset).limit(outOffset + compressedLength);
            compressor.uncompress(mapped, result);
            result.flip();
            check(result.limit() == data.length, "mapped file: uncompressed " + result.limit() + " bytes of " + data.length);
            check(Arrays.equals(data, Arrays.copyOf(result.array(), data.length)), "mapped file: other bytes");
        } finally {
            Files.delete(temp);
        }
    }

    private void testByteBuffers(boolean directIn, boolean directCompressed, boolean directOut) throws IOException {
        String what = "buffers in " + kind(directIn) + ", compressed " + kind(directCompressed) + ", out " + kind(directOut);
        int n = BUFFER_TEST_BYTES;
        byte[] srcData = new byte[n];
        random.nextBytes(srcData);
        int inOffset = 2;
        ByteBuffer src = allocate(directIn, inOffset + n + inOffset);
        src.position(inOffset);
        src.put(srcData, 0, n);
        src.flip().position(inOffset);
        int outOffset = 5;
        ByteBuffer compressed = allocate(directCompressed,
                outOffset + compressor.initialCompressedBufferLength(srcData.length) + outOffset);
        byte[] garbage = new byte[compressed.capacity()];
        random.nextBytes(garbage);
        compressed.put(garbage);
        compressed.position(outOffset).limit(compressed.capacity() - outOffset);
        compressor.compress(src, compressed);
        check(src.position() == inOffset + n && src.limit() == inOffset + n, what + ": input position/limit");
        check(compressed.limit() == compressed.capacity() - outOffset, what + ": compressed limit moved");
        compressed.flip().position(outOffset);
        int len = compressed.remaining();
        ByteBuffer result = allocate(directOut, inOffset + n + inOffset);
        result.position(inOffset).limit(result.capacity() - inOffset);
        compressor.uncompress(compressed, result);
        check(compressed.position() == outOffset + len && compressed.limit() == outOffset + len,
                what + ": compressed position/limit after uncompress");
        check(result.position() == result.capacity() - inOffset, what + ": output position " + result.position());
        result.flip().position(inOffset);
        for (int i = 0; i < n; ++i) {
            check(srcData[i] == result.get(), what + ": differs at index " + i);
        }
    }

    private static ByteBuffer allocate(boolean direct, int size) {
        return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
    }

    private static String kind(boolean direct) {
        return direct ? "off-heap" : "on-heap";
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("CompressorTest: " + what);
        }
    }
}
