package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;

import dev.deflateaccel.bridge.TestData;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The suite every engine runs, checked against java.util.zip: what the engine writes plain
 * Inflater reads, what plain Deflater writes the engine reads, offsets into garbage-filled
 * buffers leave the garbage intact, heap and direct buffers, too-small outputs decline cleanly,
 * corrupt and truncated input never produce output that java.util.zip would have rejected.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class EngineConformanceTest {
    private static final int[] CHUNK_SIZES = {1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20};
    private static final byte GARBAGE = (byte) 0xA5;

    protected DeflateEngine engine;

    /** Opens the engine under test; it must be available (tests do not skip). */
    protected abstract DeflateEngine openEngine();

    /**
     * Whether the engine takes an input of this size for compression. Accelerators have limits
     * (QAT: 1 KiB to its hardware buffer; IAA: 2 MiB); outside them they must decline cleanly.
     */
    protected boolean takesForCompression(int length) {
        return true;
    }

    /**
     * Whether the engine may decline this input with OUTPUT_TOO_SMALL even into a deflateBound
     * buffer (IAA: its output for incompressible data can exceed zlib's bound).
     */
    protected boolean mayExceedDeflateBound(byte[] data) {
        return false;
    }

    /** Whether the engine decodes this stream (IAA: only 4 KiB-window streams). */
    protected boolean takesForDecompression(byte[] stream) {
        return true;
    }

    /** Whether the engine decodes this stream into that many bytes (QAT: never into none). */
    protected boolean takesForDecompression(byte[] stream, int outputLength) {
        return takesForDecompression(stream);
    }

    /**
     * The folder the engine's library must have been loaded from ({@link LibrariesUnderTest}),
     * or null where that is not in question: the suite must not pass on another build than the
     * one it names.
     */
    protected String expectedLibraryFolder() {
        return null;
    }

    @BeforeAll
    void open() {
        engine = openEngine();
        assertTrue(engine.status().isAvailable(), engine.name() + " must be available here: " + engine.status());
        String folder = expectedLibraryFolder();
        if (folder != null) {
            assertTrue(engine.status().detail().contains(folder + "/"),
                    engine.name() + " must run on the library in " + folder + ": " + engine.status());
        }
    }

    @AfterAll
    void close() {
        if (engine != null) { // null when openEngine() was skipped by an assumption
            engine.close();
        }
    }

    // ---- helpers ----

    /** The engine's stream for {@code data}, or null when it declined as its limits say it should. */
    private byte[] compress(byte[] data) {
        byte[] out = new byte[TestData.bound(data.length)];
        int n = engine.compress(data, 0, data.length, out, 0, out.length);
        if (!takesForCompression(data.length)) {
            assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(), n, engine.name() + " must decline " + data.length + " bytes");
            return null;
        }
        if (n == FallbackReason.OUTPUT_TOO_SMALL.code() && mayExceedDeflateBound(data)) {
            return null;
        }
        assertTrue(n >= 0, () -> engine.name() + " compress of " + data.length + " bytes failed: " + FallbackReason.ofCode(n));
        return Arrays.copyOf(out, n);
    }

    /** The decoded bytes, or null when the engine declined a stream its limits say it does not take. */
    private byte[] decompress(byte[] stream, int expectedLength) {
        byte[] out = new byte[expectedLength];
        int n = engine.decompress(stream, 0, stream.length, out, 0, out.length);
        if (!takesForDecompression(stream, expectedLength)) {
            assertTrue(n == FallbackReason.INPUT_NOT_ACCEPTED.code() || n == FallbackReason.OUTPUT_TOO_SMALL.code(),
                    engine.name() + " must decline this stream, not " + FallbackReason.ofCode(n));
            return null;
        }
        assertTrue(n >= 0, () -> engine.name() + " decompress failed: " + FallbackReason.ofCode(n));
        return Arrays.copyOf(out, n);
    }

    private void assertRoundTripsBothWays(byte[] data, String what) {
        byte[] ours = compress(data);
        if (ours != null) {
            assertArrayEquals(data, TestData.zlibDecompress(ours, data.length), what + ": Inflater reads " + engine.name());
            byte[] back = decompress(ours, data.length);
            if (back != null) {
                assertArrayEquals(data, back, what + ": " + engine.name() + " reads itself");
            }
        }
        byte[] fromZlib = decompress(TestData.zlibCompress(data), data.length);
        if (fromZlib != null) {
            assertArrayEquals(data, fromZlib, what + ": " + engine.name() + " reads Deflater");
        }
    }

    /** A compressible sample the engine takes, for the tests that need its own stream. */
    private byte[] sample(int length, long seed) {
        assertTrue(takesForCompression(length), "test sample of " + length + " bytes must suit " + engine.name());
        return TestData.cassandraLikeRows(length, seed);
    }

    // ---- the suite ----

    @Test
    void emptyInput() {
        assertRoundTripsBothWays(new byte[0], "empty");
    }

    @Test
    void oneByte() {
        assertRoundTripsBothWays(new byte[] {42}, "one byte");
    }

    @Test
    void incompressible() {
        assertRoundTripsBothWays(TestData.random(64 * 1024, 1), "random 64 KiB");
        assertRoundTripsBothWays(TestData.random(1 << 20, 2), "random 1 MiB");
    }

    @Test
    void highlyCompressible() {
        assertRoundTripsBothWays(new byte[1 << 20], "zeros 1 MiB");
        byte[] zeros = new byte[60 * 1024];
        assertRoundTripsBothWays(zeros, "zeros 60 KiB");
        byte[] compressed = compress(zeros);
        assertTrue(compressed == null || compressed.length < 1024, "60 KiB of zeros should compress to well under 1 KiB");
    }

    @Test
    void corpusAtEveryChunkSize() {
        for (Map.Entry<String, byte[]> file : TestData.corpus().entrySet()) {
            for (int size : CHUNK_SIZES) {
                List<byte[]> chunks = TestData.chunks(file.getValue(), size);
                for (int i = 0; i < chunks.size(); i++) {
                    assertRoundTripsBothWays(chunks.get(i), file.getKey() + " chunk " + i + " of " + size);
                }
            }
        }
    }

    /** Input sizes where the engine's own limits change its behaviour: each is tested with its neighbours. */
    protected int[] limitSizes() {
        return new int[0];
    }

    @Test
    void atAndAroundTheEnginesLimits() {
        for (int limit : limitSizes()) {
            for (int size = limit - 1; size <= limit + 1; size++) {
                assertRoundTripsBothWays(TestData.cassandraLikeRows(size, size), "rows at " + size + " bytes");
                byte[] random = new byte[size];
                new Random(size).nextBytes(random);
                assertRoundTripsBothWays(random, "random at " + size + " bytes");
            }
        }
    }

    @Test
    void offsetsIntoGarbageFilledArrays() {
        byte[] data = sample(20_000, 3);
        int inOff = 13;
        byte[] in = filled(inOff + data.length + 17);
        System.arraycopy(data, 0, in, inOff, data.length);
        byte[] inCopy = in.clone();

        int outOff = 29;
        int cap = TestData.bound(data.length);
        byte[] out = filled(outOff + cap + 31);
        int n = engine.compress(in, inOff, data.length, out, outOff, cap);
        assertTrue(n > 0);
        assertArrayEquals(inCopy, in, "input untouched");
        assertGarbageOutside(out, outOff, outOff + n);
        byte[] stream = Arrays.copyOfRange(out, outOff, outOff + n);
        assertArrayEquals(data, TestData.zlibDecompress(stream, data.length));

        byte[] zin = filled(7 + stream.length + 5);
        System.arraycopy(stream, 0, zin, 7, stream.length);
        byte[] zinCopy = zin.clone();
        byte[] dout = filled(11 + data.length + 19);
        int m = engine.decompress(zin, 7, stream.length, dout, 11, data.length + 3);
        assertEquals(data.length, m);
        assertArrayEquals(zinCopy, zin, "compressed input untouched");
        assertArrayEquals(data, Arrays.copyOfRange(dout, 11, 11 + m));
        assertGarbageOutside(dout, 11, 11 + m);
    }

    @Test
    void heapDirectAndMixedBuffers() {
        byte[] data = sample(50_000, 4);
        for (boolean directIn : new boolean[] {false, true}) {
            for (boolean directOut : new boolean[] {false, true}) {
                String what = (directIn ? "direct" : "heap") + " -> " + (directOut ? "direct" : "heap");
                ByteBuffer in = window(data, directIn, 5, 9);
                ByteBuffer out = window(new byte[TestData.bound(data.length)], directOut, 21, 33);
                fillGarbage(out);
                int inPos = in.position();
                int outPos = out.position();
                int n = engine.compress(in, out);
                assertTrue(n > 0, what + ": " + FallbackReason.ofCode(n));
                assertEquals(inPos, in.position(), what + ": engine leaves positions alone");
                assertEquals(outPos, out.position(), what);
                byte[] stream = new byte[n];
                out.duplicate().get(stream);
                assertArrayEquals(data, TestData.zlibDecompress(stream, data.length), what);
                assertGuardsIntact(out, outPos + n, what);

                ByteBuffer zin = window(stream, directIn, 3, 8);
                ByteBuffer dout = window(new byte[data.length], directOut, 6, 10);
                fillGarbage(dout);
                int m = engine.decompress(zin, dout);
                assertEquals(data.length, m, what);
                byte[] back = new byte[m];
                dout.duplicate().get(back);
                assertArrayEquals(data, back, what);
                assertGuardsIntact(dout, dout.position() + m, what);
            }
        }
    }

    @Test
    void outputTooSmallDeclinesWithoutWritingPastTheLimit() {
        byte[] data = sample(30_000, 5);
        byte[] stream = compress(data);
        for (int cap : new int[] {0, 1, stream.length / 2, stream.length - 1}) {
            byte[] out = filled(cap + 64);
            int n = engine.compress(data, 0, data.length, out, 0, cap);
            assertTrue(n < 0, "compress into " + cap + " bytes must decline, got " + n);
            assertGarbageOutside(out, 0, cap);
        }
        for (int cap : new int[] {0, 1, data.length / 2, data.length - 1}) {
            byte[] out = filled(cap + 64);
            int n = engine.decompress(stream, 0, stream.length, out, 0, cap);
            assertEquals(FallbackReason.OUTPUT_TOO_SMALL.code(), n, "decompress into " + cap + " bytes");
            assertGarbageOutside(out, 0, cap);
            ByteBuffer direct = window(new byte[cap], true, 0, 64);
            fillGarbage(direct);
            assertTrue(engine.decompress(ByteBuffer.wrap(stream), direct) < 0);
            assertGuardsIntact(direct, direct.limit(), "direct decompress into " + cap);
        }
    }

    @Test
    void exactlyFittingOutput() {
        byte[] data = sample(30_000, 6);
        byte[] stream = compress(data);
        // libdeflate and ISA-L need a few bytes of slack to compress (they write whole words);
        // Cassandra sizes its buffers with deflateBound, so a decline here costs nothing.
        byte[] out = new byte[stream.length];
        int n = engine.compress(data, 0, data.length, out, 0, out.length);
        assertTrue(n == stream.length || n == FallbackReason.OUTPUT_TOO_SMALL.code(), "got " + n);
        if (n > 0) {
            assertArrayEquals(data, TestData.zlibDecompress(out, data.length));
        }
        // Decompression must fit exactly: Cassandra's output buffer is exactly the chunk length.
        byte[] back = new byte[data.length];
        assertEquals(data.length, engine.decompress(stream, 0, stream.length, back, 0, back.length));
        assertArrayEquals(data, back);
    }

    @Test
    void corruptInputNeverGivesOutputZlibWouldReject() {
        byte[] data = TestData.cassandraLikeRows(16 * 1024, 8);
        byte[] stream = TestData.zlibCompress(data);
        Random r = new Random(9);
        for (int trial = 0; trial < 3000; trial++) {
            byte[] bad = stream.clone();
            for (int flips = 1 + r.nextInt(3); flips > 0; flips--) {
                bad[r.nextInt(bad.length)] ^= (byte) (1 + r.nextInt(255));
            }
            assertAgreesWithZlibOrDeclines(bad, data.length, "trial " + trial);
        }
    }

    @Test
    void truncatedInputDeclines() {
        byte[] data = TestData.cassandraLikeRows(4 * 1024, 10);
        byte[] stream = TestData.zlibCompress(data);
        for (int len = 0; len < stream.length; len++) {
            byte[] out = new byte[data.length];
            int n = engine.decompress(stream, 0, len, out, 0, out.length);
            assertTrue(n < 0, "prefix of " + len + "/" + stream.length + " bytes must not decode, got " + n);
        }
    }

    @Test
    void trailingBytesAndGarbageStreams() {
        byte[] data = TestData.cassandraLikeRows(8 * 1024, 11);
        byte[] stream = TestData.zlibCompress(data);
        byte[] withTail = Arrays.copyOf(stream, stream.length + 9);
        assertAgreesWithZlibOrDeclines(withTail, data.length, "trailing bytes");
        Random r = new Random(12);
        for (int i = 0; i < 500; i++) {
            assertAgreesWithZlibOrDeclines(TestData.random(1 + r.nextInt(300), i), 64 * 1024, "random bytes " + i);
        }
    }

    @Test
    void presetDictionaryStreamIsNotDecodedAsSomethingElse() {
        byte[] data = TestData.cassandraLikeRows(8 * 1024, 13);
        Deflater d = new Deflater();
        d.setDictionary("user order status shipped".getBytes());
        d.setInput(data);
        d.finish();
        byte[] out = new byte[TestData.bound(data.length)];
        int n = d.deflate(out);
        d.end();
        byte[] stream = Arrays.copyOf(out, n);
        byte[] back = new byte[data.length];
        assertTrue(engine.decompress(stream, 0, stream.length, back, 0, back.length) < 0);
    }

    @Test
    void concurrentCallsAreCorrectAndContextsBounded() throws Exception {
        List<byte[]> chunks = TestData.chunks(TestData.cassandraLikeRows(2 << 20, 14), 16 * 1024);
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<Integer>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 32; t++) {
                int start = t;
                results.add(pool.submit(() -> {
                    int done = 0;
                    for (int i = start; i < chunks.size(); i += 4) {
                        byte[] c = chunks.get(i);
                        byte[] out = new byte[TestData.bound(c.length)];
                        int n = engine.compress(c, 0, c.length, out, 0, out.length);
                        if (n < 0) {
                            continue; // CONTEXTS_BUSY is a legal decline under this much contention
                        }
                        byte[] back = new byte[c.length];
                        int m = engine.decompress(out, 0, n, back, 0, back.length);
                        if (m >= 0) {
                            assertArrayEquals(c, back);
                            done++;
                        }
                    }
                    return done;
                }));
            }
            int done = 0;
            for (Future<Integer> f : results) {
                done += f.get(5, TimeUnit.MINUTES);
            }
            assertTrue(done > chunks.size(), "most calls should complete, got " + done);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The argument contract: a region outside its array (negative, past the end, or overflowing
     * int when offset and length are added) is declined before any native or java.util.zip
     * call, and nothing is written. Overflow is the case a naive {@code offset + length > length}
     * check lets through.
     */
    @Test
    void regionsOutsideTheirArraysAreDeclinedBeforeAnyNativeCall() {
        byte[] data = TestData.cassandraLikeRows(16 * 1024, 3);
        byte[] stream = TestData.zlibCompress(data);
        int[][] badRegions = {
            {-1, 100}, {0, -1}, {0, -5}, {Integer.MIN_VALUE, 10}, {0, Integer.MIN_VALUE},
            {10, Integer.MAX_VALUE}, {Integer.MAX_VALUE, 10}, {Integer.MAX_VALUE, Integer.MAX_VALUE},
            {1, 1 << 30}, {1 << 20, 0},
        };
        for (int[] r : badRegions) {
            byte[] out = new byte[TestData.bound(data.length)];
            Arrays.fill(out, GARBAGE);
            String what = "[" + r[0] + ", +" + r[1] + ")";
            assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(),
                    engine.compress(data, r[0], r[1], out, 0, out.length), "compress input " + what);
            assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(),
                    engine.compress(data, 0, data.length, out, r[0], r[1]), "compress output " + what);
            assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(),
                    engine.decompress(stream, r[0], r[1], out, 0, out.length), "decompress input " + what);
            assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(),
                    engine.decompress(stream, 0, stream.length, out, r[0], r[1]), "decompress output " + what);
            assertGarbageOutside(out, 0, 0);
        }
        assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(), engine.compress(null, 0, 0, new byte[8], 0, 8));
        assertEquals(FallbackReason.INPUT_NOT_ACCEPTED.code(), engine.decompress(stream, 0, stream.length, null, 0, 0));
    }

    /** Input from a read-only direct buffer (how a file mapping arrives) is copied in, not read in place. */
    @Test
    void readOnlyDirectInputIsStagedAndPositionsStay() {
        byte[] data = TestData.cassandraLikeRows(16 * 1024, 4);
        ByteBuffer in = ByteBuffer.allocateDirect(data.length);
        in.put(data).flip();
        ByteBuffer readOnly = in.asReadOnlyBuffer();
        ByteBuffer compressed = ByteBuffer.allocateDirect(TestData.bound(data.length));
        int n = engine.compress(readOnly, compressed);
        if (!takesForCompression(data.length)) {
            return;
        }
        assertTrue(n > 0, engine.name() + " compress of a read-only direct buffer: " + n);
        assertEquals(0, readOnly.position());
        assertEquals(0, compressed.position());
        compressed.limit(n);
        ByteBuffer back = ByteBuffer.allocate(data.length);
        int m = engine.decompress(compressed.asReadOnlyBuffer(), back);
        assertEquals(data.length, m);
        assertArrayEquals(data, back.array());
    }

    /**
     * Native memory is counted and bounded: a large chunk's staging is given back when its call
     * returns, and with 256 threads the engine never holds more than its stated bound.
     */
    @Test
    void nativeMemoryStaysWithinItsBoundAt256Threads() throws Exception {
        byte[] big = TestData.cassandraLikeRows(1 << 20, 5);
        byte[] out = new byte[TestData.bound(big.length)];
        int n = engine.compress(big, 0, big.length, out, 0, out.length);
        if (n >= 0 && engine instanceof NativeDeflateEngine) {
            NativeDeflateEngine<?> nativeEngine = (NativeDeflateEngine<?>) engine;
            assertTrue(engine.nativeMemory(true).bytes() <= nativeEngine.retainedBytesBound(true),
                    engine.name() + " keeps " + engine.nativeMemory(true).bytes() + " bytes after a 1 MiB call");
        }
        List<byte[]> chunks = TestData.chunks(TestData.cassandraLikeRows(4 << 20, 15), 16 * 1024);
        chunks.add(big);
        ExecutorService pool = Executors.newFixedThreadPool(256);
        try {
            List<Future<?>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 256; t++) {
                int start = t;
                results.add(pool.submit(() -> {
                    for (int i = start % chunks.size(), k = 0; k < 8; k++, i = (i + 37) % chunks.size()) {
                        byte[] c = chunks.get(i);
                        byte[] o = new byte[TestData.bound(c.length)];
                        int written = engine.compress(c, 0, c.length, o, 0, o.length);
                        if (written > 0) {
                            engine.decompress(o, 0, written, new byte[c.length], 0, c.length);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        for (boolean compress : new boolean[] {true, false}) {
            NativeMemoryMeter meter = engine.nativeMemory(compress);
            String what = engine.name() + (compress ? " compress" : " decompress");
            assertTrue(meter.peakBytes() > 0, what + " counted nothing");
            assertTrue(meter.peakBytes() <= engine.nativeBytesBound(compress),
                    what + " peaked at " + meter.peakBytes() + " bytes, over its bound " + engine.nativeBytesBound(compress));
            System.out.printf("%s: native peak %d bytes, now %d, bound %d%n", what, meter.peakBytes(), meter.bytes(),
                    engine.nativeBytesBound(compress));
        }
    }

    // ---- assertions ----

    private void assertAgreesWithZlibOrDeclines(byte[] stream, int maxLength, String what) {
        byte[] expected = TestData.zlibDecompress(stream, maxLength);
        byte[] out = new byte[maxLength];
        int n = engine.decompress(stream, 0, stream.length, out, 0, out.length);
        if (n >= 0) {
            assertTrue(expected != null, what + ": " + engine.name() + " decoded " + n
                    + " bytes from a stream java.util.zip rejects");
            assertArrayEquals(expected, Arrays.copyOf(out, n), what);
        }
    }

    private static byte[] filled(int size) {
        byte[] b = new byte[size];
        Arrays.fill(b, GARBAGE);
        return b;
    }

    private static void assertGarbageOutside(byte[] b, int from, int to) {
        for (int i = 0; i < b.length; i++) {
            if (i < from || i >= to) {
                assertEquals(GARBAGE, b[i], "byte " + i + " outside [" + from + "," + to + ") was overwritten");
            }
        }
    }

    /** A buffer holding {@code content} between position and limit, with guard bytes before and after. */
    private static ByteBuffer window(byte[] content, boolean direct, int before, int after) {
        int size = before + content.length + after;
        ByteBuffer b = direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
        for (int i = 0; i < size; i++) {
            b.put(i, GARBAGE);
        }
        b.position(before);
        b.put(content);
        b.position(before).limit(before + content.length);
        return b;
    }

    private static void fillGarbage(ByteBuffer b) {
        for (int i = b.position(); i < b.limit(); i++) {
            b.put(i, GARBAGE);
        }
    }

    private static void assertGuardsIntact(ByteBuffer b, int writtenEnd, String what) {
        ByteBuffer all = b.duplicate();
        all.clear();
        for (int i = b.limit(); i < b.capacity(); i++) {
            assertEquals(GARBAGE, all.get(i), what + ": byte " + i + " past the limit was overwritten");
        }
        for (int i = 0; i < b.position(); i++) {
            assertEquals(GARBAGE, all.get(i), what + ": byte " + i + " before the position was overwritten");
        }
        assertTrue(writtenEnd <= b.limit());
    }
}
