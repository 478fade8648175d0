package dev.deflateaccel.agent;

import static dev.deflateaccel.agent.CaseBuffers.bound;
import static dev.deflateaccel.agent.CaseBuffers.filled;
import static dev.deflateaccel.agent.CaseBuffers.padded;
import static dev.deflateaccel.agent.CaseBuffers.zlib;
import static java.lang.Integer.MAX_VALUE;
import static java.lang.Integer.MIN_VALUE;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import dev.deflateaccel.agent.CaseBuffers.Kind;
import dev.deflateaccel.bridge.TestData;

/**
 * Issue #8 point 1, the argument contract: the cases of the matrix "7 public entry points of
 * DeflateCompressor x {valid, zero, negative, past the end, Integer.MIN_VALUE / MAX_VALUE,
 * offset + length overflowing int, null, output too small} x heap and direct buffers". Each
 * case changes one thing from a valid call (or two, for the overflow cases) and says so in its
 * name, e.g. {@code compressArray/maxOutputLength=-5} or {@code uncompress(BB,BB)/direct->heap/truncated}.
 * Stock throws for most of the bad ones (ArrayIndexOutOfBoundsException, NullPointerException,
 * AssertionError under -ea, BufferOverflowException, ReadOnlyBufferException...); whatever stock
 * does is the expected outcome, never a value written here.
 *
 * <p>Buffer-path cases never give stock's uncompressBuffer bytes after the end of the stream or
 * a preset-dictionary stream: it loops forever on those (see {@link StockBufferLoop}).
 */
final class ArgumentContractCases {
    private static final int L = 16 * 1024;
    private static final byte[] PLAIN = TestData.cassandraLikeRows(L, 81);
    private static final byte[] RANDOM = TestData.random(L, 82);
    /**
     * The stream the decompression cases start from: PLAIN with a 4 KiB window, which every
     * engine decodes (IAA declines larger windows before any native call, and would then never
     * see the bad arguments). Stock's own level-6 streams are in the "valid/level" and size cases.
     */
    private static final byte[] STREAM = CaseBuffers.smallWindowZlib(PLAIN);
    private static final int S = STREAM.length;
    private static final int M = bound(L);

    private final List<ChildCase> cases = new ArrayList<>();

    private ArgumentContractCases() {
    }

    static List<ChildCase> all() {
        ArgumentContractCases c = new ArgumentContractCases();
        c.compressArray();
        c.uncompressArray6();
        c.uncompressArray5();
        c.compressByteBuffers();
        c.uncompressByteBuffers();
        c.compressBuffer();
        c.uncompressBuffer();
        Set<String> names = new HashSet<>();
        for (ChildCase k : c.cases) {
            if (!names.add(k.name())) {
                throw new IllegalStateException("duplicate case name " + k.name());
            }
        }
        return Collections.unmodifiableList(new ArrayList<>(c.cases));
    }

    // ---------------------------------------------------------------- compressArray

    private void compressArray() {
        Supplier<byte[]> in = PLAIN::clone;
        Supplier<byte[]> out = () -> filled(M);
        compressArray("valid", in, 0, L, out, 0, M);
        compressArray("valid/offsets", () -> padded(PLAIN, 8, 8), 8, L, () -> filled(M + 12), 5, M);
        compressArray("valid/maxOutputLength=stock-size", in, 0, L, out, 0, zlib(PLAIN, 6).length);
        compressArray("valid/maxOutputLength<array", in, 0, L, () -> filled(M + 100), 0, M);
        compressArray("valid/same-array", () -> padded(PLAIN, 0, M), 0, L, null, L, M);
        for (int size : new int[] {1, 100, 1023, 1024, 4096, 65536, 65537, 131072}) {
            byte[] plain = TestData.cassandraLikeRows(size, size);
            byte[] random = TestData.random(size, size);
            compressArray("valid/size=" + size, plain::clone, 0, size, () -> filled(bound(size)), 0, bound(size));
            compressArray("valid/random/size=" + size, random::clone, 0, size, () -> filled(bound(size)), 0, bound(size));
        }
        compressArray("inputLength=0", in, 0, 0, out, 0, M);
        compressArray("inputOffset=length,inputLength=0", in, L, 0, out, 0, M);
        compressArray("inputOffset=length+1,inputLength=0", in, L + 1, 0, out, 0, M);
        compressArray("inputOffset=length,inputLength=1", in, L, 1, out, 0, M);
        compressArray("inputOffset=-1", in, -1, L, out, 0, M);
        compressArray("inputOffset=-1,inputLength=1", in, -1, 1, out, 0, M);
        compressArray("inputOffset=MIN_VALUE", in, MIN_VALUE, L, out, 0, M);
        compressArray("inputOffset=MIN_VALUE,inputLength=0", in, MIN_VALUE, 0, out, 0, M);
        compressArray("inputOffset=MAX_VALUE", in, MAX_VALUE, L, out, 0, M);
        compressArray("inputOffset=MAX_VALUE,inputLength=0", in, MAX_VALUE, 0, out, 0, M);
        compressArray("inputLength=-1", in, 0, -1, out, 0, M);
        compressArray("inputLength=-5", in, 0, -5, out, 0, M);
        compressArray("inputLength=MIN_VALUE", in, 0, MIN_VALUE, out, 0, M);
        compressArray("inputLength=MAX_VALUE", in, 0, MAX_VALUE, out, 0, M);
        compressArray("inputLength=length+1", in, 0, L + 1, out, 0, M);
        compressArray("inputLength=2*length", in, 0, 2 * L, out, 0, M);
        compressArray("inputOffset=1,inputLength=MAX_VALUE(overflow)", in, 1, MAX_VALUE, out, 0, M);
        compressArray("inputOffset=MAX_VALUE,inputLength=1(overflow)", in, MAX_VALUE, 1, out, 0, M);
        compressArray("inputOffset=length/2,inputLength=MAX_VALUE-length/2+1(overflow)", in, L / 2, MAX_VALUE - L / 2 + 1, out, 0, M);
        compressArray("inputOffset=MIN_VALUE,inputLength=MAX_VALUE", in, MIN_VALUE, MAX_VALUE, out, 0, M);
        compressArray("inputOffset=-length,inputLength=2*length", in, -L, 2 * L, out, 0, M);
        compressArray("outputOffset=-1", in, 0, L, out, -1, M);
        compressArray("outputOffset=MIN_VALUE", in, 0, L, out, MIN_VALUE, M);
        compressArray("outputOffset=MAX_VALUE", in, 0, L, out, MAX_VALUE, M);
        compressArray("outputOffset=length,maxOutputLength=0", in, 0, L, out, M, 0);
        compressArray("outputOffset=length,maxOutputLength=1", in, 0, L, out, M, 1);
        compressArray("outputOffset=length+1,maxOutputLength=0", in, 0, L, out, M + 1, 0);
        compressArray("maxOutputLength=-1", in, 0, L, out, 0, -1);
        compressArray("maxOutputLength=-5", in, 0, L, out, 0, -5);
        compressArray("maxOutputLength=MIN_VALUE", in, 0, L, out, 0, MIN_VALUE);
        compressArray("maxOutputLength=MAX_VALUE", in, 0, L, out, 0, MAX_VALUE);
        compressArray("maxOutputLength=length+1", in, 0, L, out, 0, M + 1);
        compressArray("maxOutputLength=0", in, 0, L, out, 0, 0);
        compressArray("outputOffset=1,maxOutputLength=MAX_VALUE(overflow)", in, 0, L, out, 1, MAX_VALUE);
        compressArray("outputOffset=MAX_VALUE,maxOutputLength=1(overflow)", in, 0, L, out, MAX_VALUE, 1);
        compressArray("outputOffset=length/2,maxOutputLength=MAX_VALUE-length/2+1(overflow)", in, 0, L, out, M / 2, MAX_VALUE - M / 2 + 1);
        compressArray("outputOffset=-length,maxOutputLength=2*length", in, 0, L, out, -M, 2 * M);
        compressArray("outputTooSmall/maxOutputLength=1", in, 0, L, out, 0, 1);
        compressArray("outputTooSmall/maxOutputLength=10", in, 0, L, out, 0, 10);
        compressArray("outputTooSmall/maxOutputLength=stock-size/2", in, 0, L, out, 0, S / 2);
        compressArray("outputTooSmall/random/maxOutputLength=length/2", RANDOM::clone, 0, L, out, 0, L / 2);
        compressArray("outputTooSmall/random/maxOutputLength=length", RANDOM::clone, 0, L, out, 0, L);
        // Incompressible input: a native call given a negative capacity overruns a small staging buffer.
        compressArray("random/maxOutputLength=-1", RANDOM::clone, 0, L, out, 0, -1);
        compressArray("random/maxOutputLength=-5", RANDOM::clone, 0, L, out, 0, -5);
        compressArray("random/maxOutputLength=MIN_VALUE", RANDOM::clone, 0, L, out, 0, MIN_VALUE);
        compressArray("random/outputOffset=1,maxOutputLength=MAX_VALUE(overflow)", RANDOM::clone, 0, L, out, 1, MAX_VALUE);
        compressArray("input=null", () -> null, 0, L, out, 0, M);
        compressArray("input=null,inputLength=0", () -> null, 0, 0, out, 0, M);
        compressArray("output=null", in, 0, L, () -> null, 0, M);
        compressArray("output=null,maxOutputLength=0", in, 0, L, () -> null, 0, 0);
        compressArray("input=null,output=null", () -> null, 0, L, () -> null, 0, M);
    }

    /** {@code out} null: the output is the input array (disjoint regions). */
    private void compressArray(String what, Supplier<byte[]> in, int inOff, int inLen, Supplier<byte[]> out,
                               int outOff, int maxOut) {
        cases.add(ChildCase.of("compressArray/" + what, c -> {
            byte[] i = in.get();
            byte[] o = out == null ? i : out.get();
            byte[] before = o == null ? null : o.clone();
            int n = c.compressArray(i, inOff, inLen, o, outOff, maxOut);
            // Same array: the input is the region the call read; the rest is output.
            byte[] input = out == null ? Arrays.copyOfRange(i, inOff, inOff + inLen) : i;
            return CallOutcome.compressedArray(n, input, o, outOff, outOff + maxOut, before);
        }));
    }

    // ---------------------------------------------------------------- uncompress(byte[] x 6)

    private void uncompressArray6() {
        Supplier<byte[]> in = STREAM::clone;
        Supplier<byte[]> out = () -> filled(L);
        uncompress6("valid", in, 0, S, out, 0, L);
        uncompress6("valid/offsets", () -> padded(STREAM, 8, 8), 8, S, () -> filled(L + 12), 5, L);
        uncompress6("valid/room-to-spare", in, 0, S, () -> filled(2 * L), 0, 2 * L);
        uncompress6("valid/maxOutputLength<array", in, 0, S, () -> filled(2 * L), 0, L);
        for (int size : new int[] {0, 1, 100, 1023, 1024, 65536, 65537, 131072}) {
            byte[] plain = zlib(TestData.cassandraLikeRows(size, size), 6);
            byte[] random = zlib(TestData.random(size, size), 6);
            uncompress6("valid/size=" + size, plain::clone, 0, plain.length, () -> filled(size), 0, size);
            uncompress6("valid/random/size=" + size, random::clone, 0, random.length, () -> filled(size + 10), 0, size + 10);
        }
        for (int level : new int[] {0, 1, 6, 9}) {
            byte[] s = zlib(PLAIN, level);
            uncompress6("valid/level=" + level, s::clone, 0, s.length, out, 0, L);
        }
        uncompress6("outputTooSmall/maxOutputLength=length-1", in, 0, S, out, 0, L - 1);
        uncompress6("outputTooSmall/maxOutputLength=length/2", in, 0, S, out, 0, L / 2);
        uncompress6("outputTooSmall/maxOutputLength=1", in, 0, S, out, 0, 1);
        uncompress6("maxOutputLength=0", in, 0, S, out, 0, 0);
        uncompress6("truncated/inputLength=length-1", in, 0, S - 1, out, 0, L);
        uncompress6("truncated/inputLength=length-4", in, 0, S - 4, out, 0, L);
        uncompress6("truncated/inputLength=length/2", in, 0, S / 2, out, 0, L);
        uncompress6("truncated/inputLength=2", in, 0, 2, out, 0, L);
        uncompress6("truncated/inputLength=1", in, 0, 1, out, 0, L);
        uncompress6("trailing-bytes", () -> padded(STREAM, 0, 10), 0, S + 10, out, 0, L);
        uncompress6("trailing-stream", () -> concat(STREAM, STREAM), 0, 2 * S, () -> filled(2 * L), 0, 2 * L);
        uncompress6("corrupt/middle", () -> flip(STREAM, S / 2, 0x5a), 0, S, out, 0, L);
        uncompress6("corrupt/adler", () -> flip(STREAM, S - 1, 0x01), 0, S, out, 0, L);
        uncompress6("corrupt/header-method", () -> header(STREAM, 0x77), 0, S, out, 0, L);
        uncompress6("corrupt/header-check", () -> flip(STREAM, 1, 0x01), 0, S, out, 0, L);
        uncompress6("header-fdict", () -> fdict(STREAM), 0, S + 4, out, 0, L);
        uncompress6("random-bytes", () -> TestData.random(100, 5), 0, 100, out, 0, L);
        uncompress6("inputLength=0", in, 0, 0, out, 0, L);
        uncompress6("inputOffset=length,inputLength=0", in, S, 0, out, 0, L);
        uncompress6("inputOffset=length+1,inputLength=0", in, S + 1, 0, out, 0, L);
        uncompress6("inputOffset=length,inputLength=1", in, S, 1, out, 0, L);
        uncompress6("inputOffset=-1", in, -1, S, out, 0, L);
        uncompress6("inputOffset=MIN_VALUE", in, MIN_VALUE, S, out, 0, L);
        uncompress6("inputOffset=MAX_VALUE", in, MAX_VALUE, S, out, 0, L);
        uncompress6("inputOffset=MAX_VALUE,inputLength=0", in, MAX_VALUE, 0, out, 0, L);
        uncompress6("inputLength=-1", in, 0, -1, out, 0, L);
        uncompress6("inputLength=-5", in, 0, -5, out, 0, L);
        uncompress6("inputLength=MIN_VALUE", in, 0, MIN_VALUE, out, 0, L);
        uncompress6("inputLength=MAX_VALUE", in, 0, MAX_VALUE, out, 0, L);
        uncompress6("inputLength=length+1", in, 0, S + 1, out, 0, L);
        uncompress6("inputLength=2*length", in, 0, 2 * S, out, 0, L);
        uncompress6("inputOffset=1,inputLength=MAX_VALUE(overflow)", in, 1, MAX_VALUE, out, 0, L);
        uncompress6("inputOffset=MAX_VALUE,inputLength=7(overflow)", in, MAX_VALUE, 7, out, 0, L);
        uncompress6("inputOffset=length/2,inputLength=MAX_VALUE-length/2+1(overflow)", in, S / 2, MAX_VALUE - S / 2 + 1, out, 0, L);
        uncompress6("inputOffset=-length,inputLength=2*length", in, -S, 2 * S, out, 0, L);
        uncompress6("outputOffset=-1", in, 0, S, out, -1, L);
        uncompress6("outputOffset=MIN_VALUE", in, 0, S, out, MIN_VALUE, L);
        uncompress6("outputOffset=MAX_VALUE", in, 0, S, out, MAX_VALUE, L);
        uncompress6("outputOffset=length,maxOutputLength=0", in, 0, S, out, L, 0);
        uncompress6("outputOffset=length,maxOutputLength=1", in, 0, S, out, L, 1);
        uncompress6("outputOffset=length+1,maxOutputLength=0", in, 0, S, out, L + 1, 0);
        uncompress6("maxOutputLength=-1", in, 0, S, out, 0, -1);
        uncompress6("maxOutputLength=-5", in, 0, S, out, 0, -5);
        uncompress6("maxOutputLength=MIN_VALUE", in, 0, S, out, 0, MIN_VALUE);
        uncompress6("maxOutputLength=MAX_VALUE", in, 0, S, out, 0, MAX_VALUE);
        uncompress6("maxOutputLength=length+1", in, 0, S, out, 0, L + 1);
        uncompress6("outputOffset=1,maxOutputLength=MAX_VALUE(overflow)", in, 0, S, out, 1, MAX_VALUE);
        uncompress6("outputOffset=MAX_VALUE,maxOutputLength=1(overflow)", in, 0, S, out, MAX_VALUE, 1);
        uncompress6("outputOffset=length/2,maxOutputLength=MAX_VALUE-length/2+1(overflow)", in, 0, S, out, L / 2, MAX_VALUE - L / 2 + 1);
        uncompress6("outputOffset=-length,maxOutputLength=2*length", in, 0, S, out, -L, 2 * L);
        byte[] big = zlib(TestData.cassandraLikeRows(65536, 65536), 6);
        Supplier<byte[]> bigIn = big::clone;
        Supplier<byte[]> bigOut = () -> filled(65536);
        uncompress6("size=65536/maxOutputLength=-1", bigIn, 0, big.length, bigOut, 0, -1);
        uncompress6("size=65536/maxOutputLength=-5", bigIn, 0, big.length, bigOut, 0, -5);
        uncompress6("size=65536/maxOutputLength=MIN_VALUE", bigIn, 0, big.length, bigOut, 0, MIN_VALUE);
        uncompress6("size=65536/outputOffset=1,maxOutputLength=MAX_VALUE(overflow)", bigIn, 0, big.length, bigOut, 1, MAX_VALUE);
        uncompress6("input=null", () -> null, 0, S, out, 0, L);
        uncompress6("input=null,inputLength=0", () -> null, 0, 0, out, 0, L);
        uncompress6("output=null", in, 0, S, () -> null, 0, L);
        uncompress6("output=null,maxOutputLength=0", in, 0, S, () -> null, 0, 0);
    }

    private void uncompress6(String what, Supplier<byte[]> in, int inOff, int inLen, Supplier<byte[]> out,
                             int outOff, int maxOut) {
        cases.add(ChildCase.of("uncompress(byte[]x6)/" + what, c -> {
            byte[] i = in.get();
            byte[] o = out.get();
            int n = c.uncompress(i, inOff, inLen, o, outOff, maxOut);
            return CallOutcome.uncompressedArray(n, i, o);
        }));
    }

    // ---------------------------------------------------------------- uncompress(byte[] x 5)

    private void uncompressArray5() {
        Supplier<byte[]> in = STREAM::clone;
        Supplier<byte[]> out = () -> filled(L);
        uncompress5("valid", in, 0, S, out, 0);
        uncompress5("valid/offsets", () -> padded(STREAM, 8, 8), 8, S, () -> filled(L + 15), 5);
        uncompress5("outputTooSmall/output.length=length/2", in, 0, S, () -> filled(L / 2), 0);
        uncompress5("outputOffset=length-1", in, 0, S, out, L - 1);
        uncompress5("outputOffset=length", in, 0, S, out, L);
        uncompress5("outputOffset=length+1", in, 0, S, out, L + 1);
        uncompress5("outputOffset=-1", in, 0, S, out, -1);
        uncompress5("outputOffset=MIN_VALUE", in, 0, S, out, MIN_VALUE);
        uncompress5("outputOffset=MAX_VALUE", in, 0, S, out, MAX_VALUE);
        uncompress5("inputOffset=-1", in, -1, S, out, 0);
        uncompress5("inputLength=-5", in, 0, -5, out, 0);
        uncompress5("inputLength=MAX_VALUE", in, 0, MAX_VALUE, out, 0);
        uncompress5("inputOffset=MAX_VALUE,inputLength=7(overflow)", in, MAX_VALUE, 7, out, 0);
        uncompress5("inputLength=0", in, 0, 0, out, 0);
        uncompress5("truncated", in, 0, S / 2, out, 0);
        uncompress5("corrupt", () -> flip(STREAM, S / 2, 0x5a), 0, S, out, 0);
        uncompress5("input=null", () -> null, 0, S, out, 0);
        uncompress5("output=null", in, 0, S, () -> null, 0);
    }

    private void uncompress5(String what, Supplier<byte[]> in, int inOff, int inLen, Supplier<byte[]> out, int outOff) {
        cases.add(ChildCase.of("uncompress(byte[]x5)/" + what, c -> {
            byte[] i = in.get();
            byte[] o = out.get();
            int n = c.uncompress(i, inOff, inLen, o, outOff);
            return CallOutcome.uncompressedArray(n, i, o);
        }));
    }

    // ---------------------------------------------------------------- compress(ByteBuffer, ByteBuffer)

    private static final Kind[] INPUT_KINDS = {Kind.HEAP, Kind.HEAP_SLICE, Kind.DIRECT, Kind.DIRECT_SLICE,
        Kind.READ_ONLY_HEAP, Kind.READ_ONLY_DIRECT};
    private static final Kind[] OUTPUT_KINDS = {Kind.HEAP, Kind.HEAP_SLICE, Kind.DIRECT};

    private void compressByteBuffers() {
        for (Kind i : INPUT_KINDS) {
            for (Kind o : OUTPUT_KINDS) {
                bufferCase("compress(BB,BB)", true, i, o, "valid", PLAIN, M);
            }
        }
        for (int size : new int[] {1, 65536, 131072}) {
            byte[] data = TestData.cassandraLikeRows(size, size);
            bufferCase("compress(BB,BB)", true, Kind.HEAP, Kind.HEAP, "valid/size=" + size, data, bound(size));
            bufferCase("compress(BB,BB)", true, Kind.DIRECT, Kind.DIRECT, "valid/size=" + size, data, bound(size));
        }
        commonCompressBufferCases("compress(BB,BB)");
        bufferCase("compress(BB,BB)", true, Kind.HEAP, Kind.DIRECT, "outputTooSmall/random", RANDOM, L / 2);
    }

    private void compressBuffer() {
        for (Kind[] k : new Kind[][] {{Kind.HEAP, Kind.HEAP}, {Kind.DIRECT, Kind.DIRECT}, {Kind.DIRECT, Kind.HEAP},
            {Kind.HEAP, Kind.DIRECT}, {Kind.HEAP_SLICE, Kind.HEAP_SLICE}, {Kind.DIRECT_SLICE, Kind.DIRECT},
            {Kind.READ_ONLY_DIRECT, Kind.DIRECT}}) {
            bufferCase("compressBuffer", true, k[0], k[1], "valid", PLAIN, M);
        }
        byte[] big = TestData.cassandraLikeRows(131072, 3);
        bufferCase("compressBuffer", true, Kind.DIRECT, Kind.DIRECT, "valid/size=131072", big, bound(big.length));
        commonCompressBufferCases("compressBuffer");
    }

    /** What compress(BB,BB) and compressBuffer share: empty, full, too small, read-only, null. */
    private void commonCompressBufferCases(String method) {
        for (Kind k : new Kind[] {Kind.HEAP, Kind.DIRECT}) {
            bufferCase(method, true, k, k, "input-empty", new byte[0], M);
            bufferCase(method, true, k, k, "output-room=0", PLAIN, 0);
            bufferCase(method, true, k, k, "outputTooSmall/room=10", PLAIN, 10);
            bufferCase(method, true, k, k, "outputTooSmall/random", RANDOM, L / 2);
        }
        bufferCase(method, true, Kind.HEAP, Kind.READ_ONLY_HEAP, "output-read-only", PLAIN, M);
        bufferCase(method, true, Kind.DIRECT, Kind.READ_ONLY_DIRECT, "output-read-only", PLAIN, M);
        bufferCase(method, true, Kind.NULL, Kind.HEAP, "input=null", PLAIN, M);
        bufferCase(method, true, Kind.HEAP, Kind.NULL, "output=null", PLAIN, M);
        bufferCase(method, true, Kind.DIRECT, Kind.NULL, "output=null", PLAIN, M);
    }

    // ---------------------------------------------------------------- uncompress(ByteBuffer, ByteBuffer)

    private void uncompressByteBuffers() {
        for (Kind i : INPUT_KINDS) {
            for (Kind o : OUTPUT_KINDS) {
                bufferCase("uncompress(BB,BB)", false, i, o, "valid", STREAM, L);
            }
        }
        byte[] big = zlib(TestData.random(131072, 4), 6);
        bufferCase("uncompress(BB,BB)", false, Kind.HEAP, Kind.HEAP, "valid/random/size=131072", big, 131072);
        bufferCase("uncompress(BB,BB)", false, Kind.DIRECT, Kind.DIRECT, "valid/random/size=131072", big, 131072);
        commonUncompressBufferCases("uncompress(BB,BB)");
        // The array path (both buffers have arrays) stops at the end of the stream; the buffer path never would.
        bufferCase("uncompress(BB,BB)", false, Kind.HEAP, Kind.HEAP, "trailing-bytes", padded(STREAM, 0, 10), L);
        bufferCase("uncompress(BB,BB)", false, Kind.HEAP, Kind.HEAP, "header-fdict", fdict(STREAM), L);
        directReaderCases();
    }

    /**
     * Issue 37, Cassandra 6.0's {@code compaction_read_disk_access_mode: direct}: its
     * {@code CompressedChunkReader.Direct} calls {@code uncompress(ByteBuffer, ByteBuffer)} with a
     * direct input (a slice of its block-aligned read buffer) and a heap output of the chunk's
     * length. Those inputs, read-only, and unsliced at a non-zero position, each with a valid
     * stream (the 4 KiB-window one every engine decodes, and a real 64 KiB chunk at stock's level
     * 6), an output too small for the chunk, and bad streams.
     */
    private void directReaderCases() {
        byte[] chunk = TestData.cassandraLikeRows(65536, 37);
        byte[] stockChunk = zlib(chunk, 6);
        for (Kind k : new Kind[] {Kind.DIRECT_READER_SLICE, Kind.READ_ONLY_DIRECT_READER_SLICE, Kind.DIRECT_READ_AHEAD}) {
            String m = "uncompress(BB,BB)";
            bufferCase(m, false, k, Kind.HEAP, "valid", STREAM, L);
            bufferCase(m, false, k, Kind.HEAP, "valid/stock-64k-chunk", stockChunk, chunk.length);
            bufferCase(m, false, k, Kind.HEAP_SLICE, "valid/stock-64k-chunk", stockChunk, chunk.length);
            bufferCase(m, false, k, Kind.DIRECT, "valid/stock-64k-chunk", stockChunk, chunk.length);
            bufferCase(m, false, k, Kind.HEAP, "outputTooSmall/room=length-1", STREAM, L - 1);
            bufferCase(m, false, k, Kind.HEAP, "outputTooSmall/stock-64k-chunk/room=length-1", stockChunk, chunk.length - 1);
            bufferCase(m, false, k, Kind.HEAP, "outputTooSmall/stock-64k-chunk/room=length/2", stockChunk, chunk.length / 2);
            bufferCase(m, false, k, Kind.HEAP, "output-room=0", STREAM, 0);
            bufferCase(m, false, k, Kind.HEAP, "truncated/half", Arrays.copyOf(STREAM, S / 2), L);
            bufferCase(m, false, k, Kind.HEAP, "corrupt/middle", flip(STREAM, S / 2, 0x5a), L);
            bufferCase(m, false, k, Kind.HEAP, "corrupt/adler", flip(stockChunk, stockChunk.length - 1, 0x01), chunk.length);
            bufferCase("uncompressBuffer", false, k, Kind.HEAP, "valid/stock-64k-chunk", stockChunk, chunk.length);
        }
    }

    private void uncompressBuffer() {
        for (Kind[] k : new Kind[][] {{Kind.HEAP, Kind.HEAP}, {Kind.DIRECT, Kind.DIRECT}, {Kind.DIRECT, Kind.HEAP},
            {Kind.HEAP, Kind.DIRECT}, {Kind.HEAP_SLICE, Kind.HEAP_SLICE}, {Kind.DIRECT_SLICE, Kind.DIRECT},
            {Kind.READ_ONLY_DIRECT, Kind.HEAP}}) {
            bufferCase("uncompressBuffer", false, k[0], k[1], "valid", STREAM, L);
        }
        byte[] big = zlib(TestData.cassandraLikeRows(131072, 5), 6);
        bufferCase("uncompressBuffer", false, Kind.DIRECT, Kind.DIRECT, "valid/size=131072", big, 131072);
        commonUncompressBufferCases("uncompressBuffer");
    }

    private void commonUncompressBufferCases(String method) {
        byte[] empty = zlib(new byte[0], 6);
        for (Kind k : new Kind[] {Kind.HEAP, Kind.DIRECT}) {
            bufferCase(method, false, k, k, "valid/empty-stream", empty, L);
            bufferCase(method, false, k, k, "input-empty", new byte[0], L);
            bufferCase(method, false, k, k, "output-room=0", STREAM, 0);
            bufferCase(method, false, k, k, "outputTooSmall/room=length-1", STREAM, L - 1);
            bufferCase(method, false, k, k, "outputTooSmall/room=length/2", STREAM, L / 2);
            bufferCase(method, false, k, k, "truncated/half", Arrays.copyOf(STREAM, S / 2), L);
            bufferCase(method, false, k, k, "truncated/no-adler", Arrays.copyOf(STREAM, S - 4), L);
            bufferCase(method, false, k, k, "corrupt/middle", flip(STREAM, S / 2, 0x5a), L);
            bufferCase(method, false, k, k, "corrupt/adler", flip(STREAM, S - 1, 0x01), L);
            bufferCase(method, false, k, k, "corrupt/header-method", header(STREAM, 0x77), L);
            bufferCase(method, false, k, k, "random-bytes", notZlib(100), L);
        }
        bufferCase(method, false, Kind.HEAP, Kind.READ_ONLY_HEAP, "output-read-only", STREAM, L);
        bufferCase(method, false, Kind.DIRECT, Kind.READ_ONLY_DIRECT, "output-read-only", STREAM, L);
        bufferCase(method, false, Kind.NULL, Kind.HEAP, "input=null", STREAM, L);
        bufferCase(method, false, Kind.HEAP, Kind.NULL, "output=null", STREAM, L);
        bufferCase(method, false, Kind.DIRECT, Kind.NULL, "output=null", STREAM, L);
    }

    private void bufferCase(String method, boolean compress, Kind inKind, Kind outKind, String what, byte[] content,
                            int room) {
        boolean bufferPath = method.equals("uncompressBuffer") || !hasArray(inKind) || !hasArray(outKind);
        if (!compress && bufferPath && StockBufferLoop.wouldNeverReturn(content, room)) {
            throw new IllegalStateException(method + "/" + what + ": stock's buffer path would loop forever");
        }
        String name = method + "/" + inKind.label() + "->" + outKind.label() + "/" + what;
        cases.add(ChildCase.of(name, c -> {
            ByteBuffer in = CaseBuffers.input(inKind, content);
            ByteBuffer out = CaseBuffers.output(outKind, room);
            int outStart = out == null ? 0 : out.position();
            byte[] before = out == null ? null : CallOutcome.contents(out);
            switch (method) {
                case "compress(BB,BB)":
                    c.compress(in, out);
                    break;
                case "compressBuffer":
                    c.compressBuffer(in, out);
                    break;
                case "uncompress(BB,BB)":
                    c.uncompress(in, out);
                    break;
                case "uncompressBuffer":
                    c.uncompressBuffer(in, out);
                    break;
                default:
                    throw new IllegalArgumentException(method);
            }
            return compress ? CallOutcome.compressedBuffers(in, out, outStart, before) : CallOutcome.uncompressedBuffers(in, out);
        }));
    }

    private static boolean hasArray(Kind k) {
        return k == Kind.HEAP || k == Kind.HEAP_SLICE;
    }

    // ---------------------------------------------------------------- stream edits

    static byte[] flip(byte[] b, int index, int mask) {
        byte[] c = b.clone();
        c[index] ^= (byte) mask;
        return c;
    }

    /** The stream with CMF replaced and FLG's check bits fixed, so only the method (or window) is wrong. */
    static byte[] header(byte[] stream, int cmf) {
        byte[] c = stream.clone();
        c[0] = (byte) cmf;
        c[1] = (byte) CaseBuffers.fixCheck(cmf, c[1] & 0xe0);
        return c;
    }

    /** The stream with FDICT set (check bits fixed) and a dictionary id inserted: needs a preset dictionary. */
    static byte[] fdict(byte[] stream) {
        byte[] c = new byte[stream.length + 4];
        c[0] = stream[0];
        c[1] = (byte) CaseBuffers.fixCheck(stream[0] & 0xff, (stream[1] & 0xe0) | 0x20);
        c[2] = 0x12;
        c[3] = 0x34;
        c[4] = 0x56;
        c[5] = 0x78;
        System.arraycopy(stream, 2, c, 6, stream.length - 2);
        return c;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** Random bytes whose first byte is not a zlib header. */
    private static byte[] notZlib(int size) {
        byte[] b = TestData.random(size, 9);
        b[0] = 0;
        return b;
    }
}
