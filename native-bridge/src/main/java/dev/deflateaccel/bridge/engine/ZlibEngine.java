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
    private static final class ZlibContext implements ContextPool.Context {
        /** One of the two is set: a compress context has a Deflater, a decompress context an Inflater. */
        final Deflater deflater;
        final Inflater inflater;
        final HeapStaging input = new HeapStaging();
        final HeapStaging output = new HeapStaging();
        private final NativeMemoryMeter meter;
        private final long stateBytes;

        ZlibContext(boolean compress, NativeMemoryMeter meter) {
            this.deflater = compress ? new Deflater(Deflater.DEFAULT_COMPRESSION) : null;
            this.inflater = compress ? null : new Inflater();
            this.meter = meter;
            this.stateBytes = compress ? DEFLATER_BYTES : INFLATER_BYTES;
            meter.allocated(stateBytes);
        }

        void trim() {
            input.trim();
            output.trim();
        }

        @Override
        public void free() {
            if (deflater != null) {
                deflater.end();
            } else {
                inflater.end();
            }
            meter.freed(stateBytes);
        }
    }

    /** Largest buffer call staged through the heap; larger ones are left to Cassandra's own code. */
    static final int MAX_STAGED_BYTES = 4 << 20;
    /**
     * zlib's deflate state at level 6, windowBits 15, memLevel 8 (window, prev, head and pending
     * buffer): 268.3 kB as malloc holds it, chunk headers included (LibraryMemoryTest measures it).
     */
    static final long DEFLATER_BYTES = 270_000;
    /**
     * zlib's inflate state (7.3 kB) plus the 32 KiB window it allocates once an inflate spans two
     * calls: 40.1 kB as malloc holds it (LibraryMemoryTest). A chunk inflated in one call never
     * allocates the window, so this is the worst case.
     */
    static final long INFLATER_BYTES = 40_960;

    private final NativeMemoryMeter compressMemory = new NativeMemoryMeter();
    private final NativeMemoryMeter decompressMemory = new NativeMemoryMeter();
    private final ContextPool<ZlibContext> deflaters;
    private final ContextPool<ZlibContext> inflaters;

    public ZlibEngine(int maxContexts) {
        this.deflaters = new ContextPool<>(maxContexts, () -> new ZlibContext(true, compressMemory));
        this.inflaters = new ContextPool<>(maxContexts, () -> new ZlibContext(false, decompressMemory));
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
        return compress(new Region().of(in, inOffset, inLength), new Region().of(out, outOffset, outLength));
    }

    @Override
    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return decompress(new Region().of(in, inOffset, inLength), new Region().of(out, outOffset, outLength));
    }

    @Override
    public int compress(ByteBuffer in, ByteBuffer out) {
        return compress(new Region().of(in), new Region().of(out));
    }

    @Override
    public int decompress(ByteBuffer in, ByteBuffer out) {
        return decompress(new Region().of(in), new Region().of(out));
    }

    /** Output staging of a buffer call needs no more than deflate's bound for the input. */
    @Override
    public int compress(Region in, Region out) {
        if (!accepts(in, out)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        int outLength = out.isBuffer() ? Math.min(out.length(), DeflateBound.of(in.length())) : out.length();
        return execute(true, in, out, outLength);
    }

    @Override
    public int decompress(Region in, Region out) {
        if (!accepts(in, out)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        int outLength = out.isBuffer() ? Math.min(out.length(), MAX_STAGED_BYTES) : out.length();
        return execute(false, in, out, outLength);
    }

    /** Array regions inside their arrays; a buffer call writable and small enough to stage on the heap. */
    private static boolean accepts(Region in, Region out) {
        if (!in.isBuffer()) {
            return in.fits() && out.fits();
        }
        return !out.buffer().isReadOnly() && in.length() <= MAX_STAGED_BYTES;
    }

    /**
     * The one path every call takes. Input buffers without an accessible array (direct ones,
     * file mappings among them) are staged through the context's heap arrays: java.util.zip never
     * reads a caller's native memory.
     */
    private int execute(boolean compress, Region in, Region out, int outLength) {
        ContextPool<ZlibContext> pool = compress ? deflaters : inflaters;
        ZlibContext c = pool.acquire();
        if (c == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            byte[] src = in.array();
            int srcOffset = in.offset();
            ByteBuffer inBuffer = in.buffer();
            if (inBuffer != null) {
                src = inBuffer.hasArray() ? inBuffer.array() : c.input.take(inBuffer);
                srcOffset = inBuffer.hasArray() ? inBuffer.arrayOffset() + inBuffer.position() : 0;
            }
            // A buffer's output is always staged and copied only on success: a failed attempt
            // (a truncated stream) must not leave bytes where stock's own loop writes fewer.
            ByteBuffer outBuffer = out.buffer();
            byte[] dst = outBuffer != null ? c.output.reserve(outLength) : out.array();
            int dstOffset = outBuffer != null ? 0 : out.offset();
            int n = compress
                    ? deflate(c.deflater, src, srcOffset, in.length(), dst, dstOffset, outLength)
                    : inflate(c.inflater, src, srcOffset, in.length(), dst, dstOffset, outLength);
            if (n > 0 && outBuffer != null) {
                c.output.copyTo(outBuffer, n);
            }
            return n;
        } finally {
            c.trim();
            pool.release(c);
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

    @Override
    public void close() {
        deflaters.close();
        inflaters.close();
    }
}
