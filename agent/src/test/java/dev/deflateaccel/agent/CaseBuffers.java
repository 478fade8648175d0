package dev.deflateaccel.agent;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * Arguments for DeflateCompressor calls, built fresh for every run: arrays and ByteBuffers of
 * each kind Cassandra passes (heap, heap slice with an array offset, direct, direct slice,
 * read-only), with padding around the region the call is given and a known fill pattern, so
 * that a read or write outside that region changes the outcome.
 */
final class CaseBuffers {
    /** Bytes before and after an input's content. */
    static final int IN_PAD = 5;
    /** Bytes before an output's position and after its limit. */
    static final int OUT_PAD = 7;
    /** The array offset of the slice kinds. */
    static final int SLICE_OFFSET = 3;

    private CaseBuffers() {
    }

    /**
     * Where Cassandra 6.0's {@code CompressedChunkReader.Direct} finds a chunk in its block-aligned
     * read buffer: the chunk's offset in the file less that offset rounded down to the block.
     */
    static final int DIRECT_READER_DELTA = 1234;
    /** The block size that read buffer is a multiple of. */
    static final int DIRECT_READER_BLOCK = 4096;
    /** Where a read-ahead (scan) buffer's position stands when a chunk is handed on without a slice. */
    static final int READ_AHEAD_POSITION = 70_000;

    enum Kind {
        HEAP, HEAP_SLICE, DIRECT, DIRECT_SLICE, READ_ONLY_HEAP, READ_ONLY_DIRECT,
        /**
         * Cassandra 6.0's {@code CompressedChunkReader.Direct} input (issue 37): a direct buffer
         * read O_DIRECT from the block boundary below the chunk, the chunk then cut out with
         * {@code position(delta).limit(delta + length).slice()}: position 0, limit and capacity
         * the chunk's length, the block's other bytes (and the chunk's CRC) around it in memory.
         */
        DIRECT_READER_SLICE,
        /** The same slice, read-only ({@code asReadOnlyBuffer()}), as a caller that shares it would pass it. */
        READ_ONLY_DIRECT_READER_SLICE,
        /**
         * A chunk in the middle of a large direct buffer, not sliced: position 70,000, limit at
         * the chunk's end, more bytes after the limit (a read-ahead buffer handed on as it is).
         */
        DIRECT_READ_AHEAD,
        NULL;

        String label() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /** An input buffer: {@code content} between IN_PAD pad bytes, position at its start, limit at its end. */
    static ByteBuffer input(Kind kind, byte[] content) {
        if (kind == Kind.NULL) {
            return null;
        }
        if (kind == Kind.DIRECT_READER_SLICE || kind == Kind.READ_ONLY_DIRECT_READER_SLICE) {
            ByteBuffer slice = directReaderSlice(content);
            return kind == Kind.READ_ONLY_DIRECT_READER_SLICE ? slice.asReadOnlyBuffer() : slice;
        }
        if (kind == Kind.DIRECT_READ_AHEAD) {
            ByteBuffer b = ByteBuffer.allocateDirect(READ_AHEAD_POSITION + content.length + DIRECT_READER_BLOCK);
            fill(b, (byte) 0xEE);
            b.position(READ_AHEAD_POSITION);
            b.put(content);
            b.limit(b.position());
            b.position(READ_AHEAD_POSITION);
            return b;
        }
        ByteBuffer b = allocate(kind, IN_PAD + content.length + IN_PAD);
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, (byte) 0xEE);
        }
        b.position(IN_PAD);
        b.put(content);
        b.limit(b.position());
        b.position(IN_PAD);
        return readOnly(kind) ? b.asReadOnlyBuffer() : b;
    }

    /** An output buffer: {@code room} bytes between position and limit, OUT_PAD bytes of pattern either side. */
    static ByteBuffer output(Kind kind, int room) {
        if (kind == Kind.NULL) {
            return null;
        }
        ByteBuffer b = allocate(kind, OUT_PAD + room + OUT_PAD);
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, pattern(i));
        }
        b.position(OUT_PAD);
        b.limit(OUT_PAD + room);
        return readOnly(kind) ? b.asReadOnlyBuffer() : b;
    }

    /**
     * {@code content} as {@code CompressedChunkReader.Direct} hands a chunk to {@code uncompress}:
     * in a direct buffer of whole blocks at {@link #DIRECT_READER_DELTA}, followed by a CRC's four
     * bytes, cut out as a slice (position 0, limit = capacity = the chunk's length).
     */
    private static ByteBuffer directReaderSlice(byte[] content) {
        int read = DIRECT_READER_DELTA + content.length + 4;
        int blocks = (read + DIRECT_READER_BLOCK - 1) / DIRECT_READER_BLOCK;
        ByteBuffer holder = ByteBuffer.allocateDirect(blocks * DIRECT_READER_BLOCK);
        fill(holder, (byte) 0xEE);
        holder.position(DIRECT_READER_DELTA);
        holder.put(content);
        holder.putInt(0x5eed5eed);
        holder.limit(DIRECT_READER_DELTA + content.length);
        holder.position(DIRECT_READER_DELTA);
        return holder.slice();
    }

    private static void fill(ByteBuffer b, byte value) {
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, value);
        }
    }

    private static boolean readOnly(Kind kind) {
        return kind == Kind.READ_ONLY_HEAP || kind == Kind.READ_ONLY_DIRECT;
    }

    private static ByteBuffer allocate(Kind kind, int capacity) {
        switch (kind) {
            case HEAP:
            case READ_ONLY_HEAP:
                return ByteBuffer.allocate(capacity);
            case HEAP_SLICE:
                return sliceOf(ByteBuffer.allocate(SLICE_OFFSET + capacity + SLICE_OFFSET), capacity);
            case DIRECT:
            case READ_ONLY_DIRECT:
                return ByteBuffer.allocateDirect(capacity);
            case DIRECT_SLICE:
                return sliceOf(ByteBuffer.allocateDirect(SLICE_OFFSET + capacity + SLICE_OFFSET), capacity);
            default:
                throw new IllegalArgumentException(kind.toString());
        }
    }

    /**
     * {@code whole.position(SLICE_OFFSET).slice().limit(capacity).slice()}, a step at a time: on Java 8
     * position and limit return a Buffer.
     */
    private static ByteBuffer sliceOf(ByteBuffer whole, int capacity) {
        whole.position(SLICE_OFFSET);
        ByteBuffer tail = whole.slice();
        tail.limit(capacity);
        return tail.slice();
    }

    /** An array of {@code size} bytes of fill pattern. */
    static byte[] filled(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = pattern(i);
        }
        return b;
    }

    /** {@code content} with {@code before} and {@code after} pad bytes around it. */
    static byte[] padded(byte[] content, int before, int after) {
        byte[] b = new byte[before + content.length + after];
        Arrays.fill(b, (byte) 0xEE);
        System.arraycopy(content, 0, b, before, content.length);
        return b;
    }

    static byte pattern(int i) {
        return (byte) (i * 31 + 7);
    }

    /** What java.util.zip writes at {@code level}, as stock Cassandra's Deflater would at 6. */
    static byte[] zlib(byte[] data, int level) {
        return deflate(data, level, Deflater.DEFAULT_STRATEGY);
    }

    /**
     * A valid zlib stream with a 4 KiB window (CINFO 4), the largest the IAA engine decodes:
     * Huffman-only coding has no back-references, so any window size is honest. Every engine
     * decodes it, so argument cases built on it reach every engine's decompressor.
     */
    static byte[] smallWindowZlib(byte[] data) {
        byte[] out = deflate(data, 6, Deflater.HUFFMAN_ONLY);
        out[0] = 0x48;
        out[1] = (byte) fixCheck(0x48, out[1] & 0xe0);
        return out;
    }

    /** The whole zlib stream java.util.zip writes for {@code data}. */
    private static byte[] deflate(byte[] data, int level, int strategy) {
        Deflater d = new Deflater(level);
        try {
            d.setStrategy(strategy);
            d.setInput(data);
            d.finish();
            byte[] out = new byte[data.length + data.length / 8 + 64];
            int n = 0;
            while (!d.finished()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                n += d.deflate(out, n, out.length - n);
            }
            return Arrays.copyOf(out, n);
        } finally {
            d.end();
        }
    }

    /** FLG with the low five bits chosen so that CMF*256+FLG is a multiple of 31. */
    static int fixCheck(int cmf, int flgHigh) {
        int flg = flgHigh & 0xe0;
        return flg | (31 - (cmf * 256 + flg) % 31) % 31;
    }

    /** Room any engine's compressed output of {@code length} bytes fits in. */
    static int bound(int length) {
        return length + length / 8 + 64;
    }
}
