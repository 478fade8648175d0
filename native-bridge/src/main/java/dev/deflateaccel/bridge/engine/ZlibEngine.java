package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * java.util.zip: the reference codec and the last fallback. Always available. Compresses at
 * zlib's default level, exactly what stock Cassandra's DeflateCompressor writes. Unlike stock
 * Cassandra it reports a truncated stream or a too-small output as a failure instead of returning
 * a partial result, so that a caller never takes partial output for the real thing.
 */
public final class ZlibEngine implements DeflateEngine {
    public static final String NAME = "zlib";

    /**
     * A pooled Deflater or Inflater with its heap staging. When every pooled one is busy the
     * engine declines (CONTEXTS_BUSY), so its native memory stays bounded; inside Cassandra the
     * call then runs Cassandra's own code, which is java.util.zip with its thread-local Deflater.
     */
    private abstract static class ZlibContext implements ContextPool.Context {
        final HeapStaging input = new HeapStaging();
        final HeapStaging output = new HeapStaging();
        private final NativeMemoryMeter meter;
        private final long stateBytes;

        ZlibContext(NativeMemoryMeter meter, long stateBytes) {
            this.meter = meter;
            this.stateBytes = stateBytes;
            meter.allocated(stateBytes);
        }

        void trim() {
            input.trim();
            output.trim();
        }

        @Override
        public final void free() {
            end();
            meter.freed(stateBytes);
        }

        abstract void end();
    }

    private static final class DeflaterContext extends ZlibContext {
        final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);

        DeflaterContext(NativeMemoryMeter meter) {
            super(meter, DEFLATER_BYTES);
        }

        @Override
        void end() {
            deflater.end();
        }
    }

    private static final class InflaterContext extends ZlibContext {
        final Inflater inflater = new Inflater();

        InflaterContext(NativeMemoryMeter meter) {
            super(meter, INFLATER_BYTES);
        }

        @Override
        void end() {
            inflater.end();
        }
    }

    /** Largest buffer call staged through the heap; larger ones are left to Cassandra's own code. */
    static final int MAX_STAGED_BYTES = 4 << 20;
    /** zlib's deflate state at level 6, windowBits 15, memLevel 8: window, prev, head and pending buffer. */
    static final long DEFLATER_BYTES = 268_000;
    /** zlib's inflate state plus its 32 KiB window. */
    static final long INFLATER_BYTES = 40_000;

    private final NativeMemoryMeter compressMemory = new NativeMemoryMeter();
    private final NativeMemoryMeter decompressMemory = new NativeMemoryMeter();
    private final ContextPool<DeflaterContext> deflaters;
    private final ContextPool<InflaterContext> inflaters;

    public ZlibEngine(int maxContexts) {
        this.deflaters = new ContextPool<>(maxContexts, () -> new DeflaterContext(compressMemory));
        this.inflaters = new ContextPool<>(maxContexts, () -> new InflaterContext(decompressMemory));
    }

    @Override
    public NativeMemoryMeter nativeMemory(boolean compress) {
        return compress ? compressMemory : decompressMemory;
    }

    /** zlib's own state per pooled context; staging here is on the Java heap, not native. */
    @Override
    public long nativeBytesBound(boolean compress) {
        return compress ? deflaters.capacity() * DEFLATER_BYTES : inflaters.capacity() * INFLATER_BYTES;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public EngineStatus status() {
        return EngineStatus.available("java.util.zip (the JDK's zlib), default level");
    }

    @Override
    public int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (!Regions.fit(in, inOffset, inLength, out, outOffset, outLength)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        DeflaterContext c = deflaters.acquire();
        if (c == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            return deflate(c.deflater, in, inOffset, inLength, out, outOffset, outLength);
        } finally {
            release(deflaters, c);
        }
    }

    /**
     * Buffers without an accessible array (direct ones, file mappings among them) are staged
     * through the context's heap arrays: java.util.zip never reads or writes a caller's native
     * memory. Output staging needs no more than deflate's bound for the input.
     */
    @Override
    public int compress(ByteBuffer in, ByteBuffer out) {
        if (out.isReadOnly() || in.remaining() > MAX_STAGED_BYTES) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        int inLength = in.remaining();
        int outLength = (int) Math.min(out.remaining(), deflateBound(inLength));
        DeflaterContext c = deflaters.acquire();
        if (c == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            byte[] src = in.hasArray() ? in.array() : c.input.take(in);
            int srcOffset = in.hasArray() ? in.arrayOffset() + in.position() : 0;
            byte[] dst = out.hasArray() ? out.array() : c.output.reserve(outLength);
            int dstOffset = out.hasArray() ? out.arrayOffset() + out.position() : 0;
            int n = deflate(c.deflater, src, srcOffset, inLength, dst, dstOffset, outLength);
            if (n > 0 && !out.hasArray()) {
                c.output.copyTo(out, n);
            }
            return n;
        } finally {
            release(deflaters, c);
        }
    }

    @Override
    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (!Regions.fit(in, inOffset, inLength, out, outOffset, outLength)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        InflaterContext c = inflaters.acquire();
        if (c == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            return inflate(c.inflater, in, inOffset, inLength, out, outOffset, outLength);
        } finally {
            release(inflaters, c);
        }
    }

    @Override
    public int decompress(ByteBuffer in, ByteBuffer out) {
        if (out.isReadOnly() || in.remaining() > MAX_STAGED_BYTES) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        int inLength = in.remaining();
        int outLength = Math.min(out.remaining(), MAX_STAGED_BYTES);
        InflaterContext c = inflaters.acquire();
        if (c == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            byte[] src = in.hasArray() ? in.array() : c.input.take(in);
            int srcOffset = in.hasArray() ? in.arrayOffset() + in.position() : 0;
            byte[] dst = out.hasArray() ? out.array() : c.output.reserve(outLength);
            int dstOffset = out.hasArray() ? out.arrayOffset() + out.position() : 0;
            int n = inflate(c.inflater, src, srcOffset, inLength, dst, dstOffset, outLength);
            if (n > 0 && !out.hasArray()) {
                c.output.copyTo(out, n);
            }
            return n;
        } finally {
            release(inflaters, c);
        }
    }

    private static int deflate(Deflater d, byte[] in, int inOffset, int inLength, byte[] out, int outOffset,
                               int outLength) {
        d.reset();
        d.setInput(in, inOffset, inLength);
        d.finish();
        int n = d.deflate(out, outOffset, outLength);
        return completed(d, n, outLength) ? n : FallbackReason.OUTPUT_TOO_SMALL.code();
    }

    private static int inflate(Inflater inf, byte[] in, int inOffset, int inLength, byte[] out, int outOffset,
                               int outLength) {
        try {
            inf.reset();
            inf.setInput(in, inOffset, inLength);
            return inflateResult(inf, inf.inflate(out, outOffset, outLength), outLength);
        } catch (DataFormatException e) {
            return FallbackReason.CORRUPT_INPUT.code();
        }
    }

    /** zlib's deflateBound for one-shot compression at the default settings, with room to spare. */
    private static long deflateBound(int length) {
        return (long) length + (length >> 12) + (length >> 14) + 64;
    }

    /**
     * Whether the stream is complete. zlib stops when the output is exactly full, before it
     * reports the end (deflate) or reads the checksum (inflate); one more call into a scratch
     * byte tells "fits exactly" from "does not fit" without touching the caller's buffer.
     */
    private static boolean completed(Deflater d, int n, int outLength) {
        if (d.finished()) {
            return true;
        }
        return n == outLength && d.deflate(new byte[1]) == 0 && d.finished();
    }

    /** The byte count when the whole stream, checksum included, was decoded; else why not. */
    private static int inflateResult(Inflater inf, int n, int outLength) throws DataFormatException {
        if (!inf.finished() && n == outLength && !inf.needsDictionary()) {
            if (inf.inflate(new byte[1]) != 0) {
                return FallbackReason.OUTPUT_TOO_SMALL.code();
            }
        }
        if (inf.finished()) {
            return n;
        }
        if (inf.needsDictionary()) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code(); // preset dictionary: stock code's business
        }
        return FallbackReason.CORRUPT_INPUT.code(); // truncated stream
    }

    private static <T extends ZlibContext> void release(ContextPool<T> pool, T c) {
        c.trim();
        pool.release(c);
    }

    @Override
    public void close() {
        deflaters.close();
        inflaters.close();
    }
}
