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
     * A pooled Deflater or Inflater. When every pooled one is busy this engine, as the last
     * resort, uses a temporary one rather than declining, and frees it at once.
     */
    private abstract static class ZlibContext implements ContextPool.Context {
        final boolean temporary;

        ZlibContext(boolean temporary) {
            this.temporary = temporary;
        }
    }

    private static final class DeflaterContext extends ZlibContext {
        final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);

        DeflaterContext(boolean temporary) {
            super(temporary);
        }

        @Override
        public void free() {
            deflater.end();
        }
    }

    private static final class InflaterContext extends ZlibContext {
        final Inflater inflater = new Inflater();

        InflaterContext(boolean temporary) {
            super(temporary);
        }

        @Override
        public void free() {
            inflater.end();
        }
    }

    private final ContextPool<DeflaterContext> deflaters;
    private final ContextPool<InflaterContext> inflaters;

    public ZlibEngine(int maxContexts) {
        this.deflaters = new ContextPool<>(maxContexts, () -> new DeflaterContext(false));
        this.inflaters = new ContextPool<>(maxContexts, () -> new InflaterContext(false));
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
        DeflaterContext c = acquireDeflater();
        try {
            Deflater d = c.deflater;
            d.reset();
            d.setInput(in, inOffset, inLength);
            d.finish();
            int n = d.deflate(out, outOffset, outLength);
            return completed(d, n, outLength) ? n : FallbackReason.OUTPUT_TOO_SMALL.code();
        } finally {
            release(deflaters, c);
        }
    }

    @Override
    public int compress(ByteBuffer in, ByteBuffer out) {
        if (out.isReadOnly()) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        // Duplicates: the JDK moves positions, the engine contract says we do not.
        ByteBuffer src = in.duplicate();
        ByteBuffer dst = out.duplicate();
        DeflaterContext c = acquireDeflater();
        try {
            Deflater d = c.deflater;
            d.reset();
            d.setInput(src);
            d.finish();
            int n = d.deflate(dst);
            return completed(d, n, out.remaining()) ? n : FallbackReason.OUTPUT_TOO_SMALL.code();
        } finally {
            release(deflaters, c);
        }
    }

    @Override
    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        InflaterContext c = acquireInflater();
        try {
            Inflater inf = c.inflater;
            inf.reset();
            inf.setInput(in, inOffset, inLength);
            return inflateResult(inf, inf.inflate(out, outOffset, outLength), outLength);
        } catch (DataFormatException e) {
            return FallbackReason.CORRUPT_INPUT.code();
        } finally {
            release(inflaters, c);
        }
    }

    @Override
    public int decompress(ByteBuffer in, ByteBuffer out) {
        if (out.isReadOnly()) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        ByteBuffer src = in.duplicate();
        ByteBuffer dst = out.duplicate();
        InflaterContext c = acquireInflater();
        try {
            Inflater inf = c.inflater;
            inf.reset();
            inf.setInput(src);
            return inflateResult(inf, inf.inflate(dst), out.remaining());
        } catch (DataFormatException e) {
            return FallbackReason.CORRUPT_INPUT.code();
        } finally {
            release(inflaters, c);
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

    private DeflaterContext acquireDeflater() {
        DeflaterContext c = deflaters.acquire();
        return c != null ? c : new DeflaterContext(true);
    }

    private InflaterContext acquireInflater() {
        InflaterContext c = inflaters.acquire();
        return c != null ? c : new InflaterContext(true);
    }

    private static <T extends ZlibContext> void release(ContextPool<T> pool, T c) {
        if (c.temporary) {
            c.free();
        } else {
            pool.release(c);
        }
    }

    @Override
    public void close() {
        deflaters.close();
        inflaters.close();
    }
}
