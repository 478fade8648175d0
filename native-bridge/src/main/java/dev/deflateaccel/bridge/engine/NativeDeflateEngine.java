package dev.deflateaccel.bridge.engine;

import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;

/**
 * The part every JNA engine shares: turning heap arrays and heap or direct ByteBuffers into
 * native addresses, taking a context from a bounded pool, and copying a result back only when
 * the call succeeded. Subclasses implement the two native calls on raw addresses.
 */
public abstract class NativeDeflateEngine<C extends NativeDeflateEngine.Context> implements DeflateEngine {

    /** Engine state for one call at a time, plus its staging buffers. */
    protected abstract static class Context implements ContextPool.Context {
        final NativeBuffer input = new NativeBuffer();
        final NativeBuffer output = new NativeBuffer();

        /** Frees the engine's own native state (compressor, stream struct...). */
        protected abstract void freeState();

        @Override
        public final void free() {
            input.free();
            output.free();
            freeState();
        }
    }

    /** Thrown by a context factory when the native library refuses to set one up; carries its code. */
    protected static final class ContextSetupException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int code;

        public ContextSetupException(String what, int code) {
            super(what + " returned " + code, null, false, false);
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    private static final Cleaner CLEANER = Cleaner.create();

    private final String name;
    private final EngineStatus status;
    /** The compression level the engine was opened with. */
    protected final int level;
    private final ContextPool<C> compressContexts;
    private final ContextPool<C> decompressContexts;
    private final int maxBufferBytes;
    private final int maxStagedOutput;
    private final Cleaner.Cleanable cleanable;

    /**
     * @param binding the outcome of binding this engine's natives; when available, the level is
     *                added to its detail for the doctor and the log
     */
    protected NativeDeflateEngine(String name, EngineStatus binding, int level, int maxContexts, int maxBufferBytes) {
        this.name = name;
        this.status = binding.isAvailable() ? EngineStatus.available(binding.detail() + ", level " + level) : binding;
        this.level = level;
        this.compressContexts = new ContextPool<>(maxContexts, this::newCompressContext);
        this.decompressContexts = new ContextPool<>(maxContexts, this::newDecompressContext);
        this.maxBufferBytes = maxBufferBytes;
        // Room for the largest accepted input even when it does not compress (zlib's deflateBound).
        this.maxStagedOutput = maxBufferBytes + (maxBufferBytes >> 12) + (maxBufferBytes >> 14) + 64;
        // Frees idle contexts if the engine is dropped without close(); the action must not
        // reference the engine itself or it would never become unreachable.
        ContextPool<C> c = compressContexts;
        ContextPool<C> d = decompressContexts;
        this.cleanable = CLEANER.register(this, () -> {
            c.close();
            d.close();
        });
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final EngineStatus status() {
        return status;
    }

    protected abstract C newCompressContext();

    protected abstract C newDecompressContext();

    /** Compresses {@code srcLength} bytes at {@code src} into at most {@code dstCapacity} bytes at {@code dst}. */
    protected abstract int compressNative(C context, long src, int srcLength, long dst, int dstCapacity);

    /**
     * Decompresses the zlib stream of {@code srcLength} bytes at {@code src}. Called only when the
     * stream is at least {@link ZlibFrame#MIN_STREAM_BYTES} long and its header is a plain zlib
     * header (no preset dictionary); {@code header} is its first two bytes and {@code trailer}
     * its last four, big-endian.
     */
    protected abstract int decompressNative(C context, long src, int srcLength, long dst, int dstCapacity,
                                            int header, int trailer);

    @Override
    public final int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return execute(true, in, inOffset, 0, inLength, out, outOffset, 0, outLength, 0, 0);
    }

    @Override
    public final int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (inLength < ZlibFrame.MIN_STREAM_BYTES) {
            return FallbackReason.CORRUPT_INPUT.code();
        }
        int header = ZlibFrame.header(in, inOffset);
        int headerCheck = ZlibFrame.checkHeader(header);
        if (headerCheck != 0) {
            return headerCheck;
        }
        return execute(false, in, inOffset, 0, inLength, out, outOffset, 0, outLength,
                header, ZlibFrame.trailer(in, inOffset + inLength));
    }

    @Override
    public final int compress(ByteBuffer in, ByteBuffer out) {
        return execute(true, in, out, 0);
    }

    @Override
    public final int decompress(ByteBuffer in, ByteBuffer out) {
        if (in.remaining() < ZlibFrame.MIN_STREAM_BYTES) {
            return FallbackReason.CORRUPT_INPUT.code();
        }
        int header = ZlibFrame.header(in, in.position());
        int headerCheck = ZlibFrame.checkHeader(header);
        if (headerCheck != 0) {
            return headerCheck;
        }
        return execute(false, in, out, header);
    }

    /** {@code header}: the zlib header already read and checked by decompress; 0 for compress. */
    private int execute(boolean compress, ByteBuffer in, ByteBuffer out, int header) {
        if (out.isReadOnly()) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        byte[] inArray = null;
        int inOffset = 0;
        long inAddress = 0;
        if (in.isDirect()) {
            inAddress = DirectBuffers.baseAddress(in);
            if (inAddress == 0) {
                return FallbackReason.INPUT_NOT_ACCEPTED.code();
            }
            inAddress += in.position();
        } else if (in.hasArray()) {
            inArray = in.array();
            inOffset = in.arrayOffset() + in.position();
        } else {
            return FallbackReason.INPUT_NOT_ACCEPTED.code(); // read-only heap buffer
        }
        byte[] outArray = null;
        int outOffset = 0;
        long outAddress = 0;
        if (out.isDirect()) {
            outAddress = DirectBuffers.baseAddress(out);
            if (outAddress == 0) {
                return FallbackReason.INPUT_NOT_ACCEPTED.code();
            }
            outAddress += out.position();
        } else {
            outArray = out.array();
            outOffset = out.arrayOffset() + out.position();
        }
        int trailer = compress ? 0 : ZlibFrame.trailer(in, in.limit());
        return execute(compress, inArray, inOffset, inAddress, in.remaining(),
                outArray, outOffset, outAddress, out.remaining(), header, trailer);
    }

    /**
     * The one path every call takes. A side given as an array is staged through the context's
     * native buffer; a side given as an address (direct buffer) is used in place.
     */
    private int execute(boolean compress,
                        byte[] inArray, int inOffset, long inAddress, int inLength,
                        byte[] outArray, int outOffset, long outAddress, int outLength,
                        int header, int trailer) {
        // Compressed input may be a little larger than the largest uncompressed input we take.
        if (inLength > (compress ? maxBufferBytes : maxStagedOutput)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        ContextPool<C> pool = compress ? compressContexts : decompressContexts;
        C context;
        try {
            context = pool.acquire();
        } catch (ContextSetupException e) {
            return FallbackReason.NATIVE_ERROR.code(); // e.g. an accelerator session that would not open
        }
        if (context == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            long src = inArray != null ? context.input.stage(inArray, inOffset, inLength) : inAddress;
            // Staged output is capped so that one huge output buffer cannot grow native memory
            // without bound; a result that needs more comes back as OUTPUT_TOO_SMALL.
            int dstCapacity = outArray != null ? Math.min(outLength, maxStagedOutput) : outLength;
            long dst = outArray != null ? context.output.reserve(dstCapacity) : outAddress;
            int result = compress
                    ? compressNative(context, src, inLength, dst, dstCapacity)
                    : decompressNative(context, src, inLength, dst, dstCapacity, header, trailer);
            if (result > dstCapacity) {
                return FallbackReason.NATIVE_ERROR.code(); // never copy more than the caller's region
            }
            if (result >= 0 && outArray != null) {
                context.output.copyTo(outArray, outOffset, result);
            }
            return result;
        } finally {
            pool.release(context);
        }
    }

    /** Native contexts currently allocated, both directions; for tests. */
    public final int liveContexts() {
        return compressContexts.liveContexts() + decompressContexts.liveContexts();
    }

    @Override
    public void close() {
        cleanable.clean();
    }
}
