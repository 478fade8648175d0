package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;
import java.util.concurrent.Semaphore;

/**
 * The part every JNA engine shares: a bounded pool of contexts per direction, each owning the
 * native memory its calls run in, and the copies in and out of it. Native code sees only
 * context-owned addresses: every caller byte, heap or direct (a file mapping included), is copied
 * in and out with ByteBuffer bulk get/put (see {@link NativeBuffer}), and only when the call
 * succeeded is anything copied back. Subclasses implement the two native calls on raw addresses.
 */
public abstract class NativeDeflateEngine<C extends NativeDeflateEngine.Context> implements DeflateEngine {

    /** Engine state for one call at a time, plus its staging buffers, all counted by one meter. */
    protected abstract static class Context implements ContextPool.Context {
        final NativeBuffer input;
        final NativeBuffer output;
        private final NativeMemoryMeter meter;
        private long stateBytes;
        boolean discard;

        protected Context(NativeMemoryMeter meter) {
            this.meter = meter;
            this.input = new NativeBuffer(meter);
            this.output = new NativeBuffer(meter);
        }

        /** Counts native state the library allocated for this context (its own malloc, not ours). */
        protected final void countState(long bytes) {
            stateBytes += bytes;
            meter.allocated(bytes);
        }

        /** The meter this context's memory is counted on; for scratch buffers of subclasses. */
        protected final NativeMemoryMeter meter() {
            return meter;
        }

        /**
         * Frees this context when the call ends instead of pooling it: its native state may be
         * left inside a stream (a session mid-way through a truncated input, a job after an
         * error), and the next call on it would continue from there.
         */
        protected final void discardAfterCall() {
            discard = true;
        }

        /** Frees the engine's own native state (compressor, stream struct...). */
        protected abstract void freeState();

        /** Gives back staging larger than a context keeps between calls. */
        void trim() {
            input.trim();
            output.trim();
        }

        @Override
        public final void free() {
            input.free();
            output.free();
            freeState();
            meter.freed(stateBytes);
            stateBytes = 0;
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

    private final String name;
    private final EngineStatus status;
    /** The compression level the engine was opened with. */
    protected final int level;
    private final NativeMemoryMeter compressMemory = new NativeMemoryMeter();
    private final NativeMemoryMeter decompressMemory = new NativeMemoryMeter();
    private final ContextPool<C> compressContexts;
    private final ContextPool<C> decompressContexts;
    private final int maxBufferBytes;
    private final int maxStagedOutput;
    /**
     * Calls whose staging is larger than a context keeps between calls (chunks over 64 KiB), per
     * direction: at most {@link #largeCallLimit} at once, so that the worst case stays within
     * {@link #LARGE_CALL_BUDGET} above what the contexts keep, at any context bound. The calls
     * beyond it go to the next engine, as when every context is busy.
     */
    private final Semaphore largeCompressCalls;
    private final Semaphore largeDecompressCalls;
    private final int largeCallLimit;

    /** What large calls may stage at once beyond the contexts' kept memory, per engine and direction. */
    static final long LARGE_CALL_BUDGET = 128L << 20;
    private final boolean checksOutput;
    private final NativeCleaner.Cleanable cleanable;

    /**
     * @param binding the outcome of binding this engine's natives; when available, the level is
     *                added to its detail for the doctor and the log
     * @param maxCompressContexts   the compress pool's bound (an engine may cap it below the
     *                              configured one when its contexts are large)
     * @param checksOutput          whether contexts decode their output for a check (accelerators),
     *                              which takes a chunk-sized scratch buffer
     */
    protected NativeDeflateEngine(String name, EngineStatus binding, int level, int maxCompressContexts,
                                  int maxDecompressContexts, int maxBufferBytes, boolean checksOutput) {
        this.name = name;
        this.status = binding.isAvailable() ? EngineStatus.available(binding.detail() + ", level " + level) : binding;
        this.level = level;
        this.compressContexts = new ContextPool<>(maxCompressContexts, () -> newCompressContext(compressMemory));
        this.decompressContexts = new ContextPool<>(maxDecompressContexts, () -> newDecompressContext(decompressMemory));
        this.maxBufferBytes = maxBufferBytes;
        this.checksOutput = checksOutput;
        // Room for the largest accepted input even when it does not compress (zlib's deflateBound).
        this.maxStagedOutput = DeflateBound.of(maxBufferBytes);
        long extra = largeCallExtraBytes();
        int contexts = Math.max(maxCompressContexts, maxDecompressContexts);
        this.largeCallLimit = extra == 0 ? contexts : (int) Math.max(1, Math.min(contexts, LARGE_CALL_BUDGET / extra));
        this.largeCompressCalls = new Semaphore(largeCallLimit);
        this.largeDecompressCalls = new Semaphore(largeCallLimit);
        // Frees idle contexts if the engine is dropped without close(); the action must not
        // reference the engine itself or it would never become unreachable. NativeCleaner is
        // java.lang.ref.Cleaner's Java 8 stand-in: it runs the action once, whichever comes first.
        ContextPool<C> c = compressContexts;
        ContextPool<C> d = decompressContexts;
        this.cleanable = NativeCleaner.register(this, () -> {
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

    protected abstract C newCompressContext(NativeMemoryMeter meter);

    protected abstract C newDecompressContext(NativeMemoryMeter meter);

    /**
     * Compresses {@code srcLength} bytes at {@code src} into at most {@code dstCapacity} bytes at
     * {@code dst}. {@code src} and {@code dst} are the addresses of the context's {@code input}
     * and {@code output} blocks, so a subclass may also read them through those buffers' views.
     */
    protected abstract int compressNative(C context, long src, int srcLength, long dst, int dstCapacity);

    /**
     * Decompresses the zlib stream of {@code srcLength} bytes at {@code src} (the context's
     * {@code input} block) into {@code dst} (its {@code output} block). Called only when the
     * stream is at least {@link ZlibFrame#MIN_STREAM_BYTES} long and its header is a plain zlib
     * header (no preset dictionary); {@code header} is its first two bytes and {@code trailer}
     * its last four, big-endian.
     */
    protected abstract int decompressNative(C context, long src, int srcLength, long dst, int dstCapacity,
                                            int header, int trailer);

    @Override
    public final int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return compress(new Region().of(in, inOffset, inLength), new Region().of(out, outOffset, outLength));
    }

    @Override
    public final int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return decompress(new Region().of(in, inOffset, inLength), new Region().of(out, outOffset, outLength));
    }

    @Override
    public final int compress(ByteBuffer in, ByteBuffer out) {
        return compress(new Region().of(in), new Region().of(out));
    }

    @Override
    public final int decompress(ByteBuffer in, ByteBuffer out) {
        return decompress(new Region().of(in), new Region().of(out));
    }

    @Override
    public final int compress(Region in, Region out) {
        if (!accepts(in, out)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        return execute(true, in, out, 0, 0);
    }

    @Override
    public final int decompress(Region in, Region out) {
        if (!accepts(in, out)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        if (in.length() < ZlibFrame.MIN_STREAM_BYTES) {
            return FallbackReason.CORRUPT_INPUT.code();
        }
        int header = ZlibFrame.header(in);
        int headerCheck = ZlibFrame.checkHeader(header);
        if (headerCheck != 0) {
            return headerCheck;
        }
        return execute(false, in, out, header, ZlibFrame.trailer(in));
    }

    /** Array regions inside their arrays, and a writable output buffer. */
    private static boolean accepts(Region in, Region out) {
        return in.fits() && out.fits() && !(out.isBuffer() && out.buffer().isReadOnly());
    }

    /** The one path every call takes; both sides are staged through the context's own native memory. */
    private int execute(boolean compress, Region in, Region out, int header, int trailer) {
        int inLength = in.length();
        // Compressed input may be a little larger than the largest uncompressed input we take.
        if (inLength > (compress ? maxBufferBytes : maxStagedOutput)) {
            return FallbackReason.INPUT_NOT_ACCEPTED.code();
        }
        // Output staging is capped so that one huge output buffer cannot grow native memory
        // without bound; a result that needs more comes back as OUTPUT_TOO_SMALL.
        int dstCapacity = Math.min(out.length(), maxStagedOutput);
        boolean large = inLength > NativeBuffer.RETAINED_BYTES || dstCapacity > NativeBuffer.RETAINED_BYTES;
        Semaphore largeCalls = compress ? largeCompressCalls : largeDecompressCalls;
        if (large && !largeCalls.tryAcquire()) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            return executeInContext(compress, in, out, dstCapacity, header, trailer);
        } finally {
            if (large) {
                largeCalls.release();
            }
        }
    }

    /** The call on a pooled context, its output staging already capped at {@code dstCapacity}. */
    private int executeInContext(boolean compress, Region in, Region out, int dstCapacity, int header, int trailer) {
        ContextPool<C> pool = compress ? compressContexts : decompressContexts;
        C context;
        try {
            context = pool.acquire();
        } catch (ContextSetupException e) {
            return FallbackReason.NATIVE_ERROR.code(); // e.g. an accelerator session that would not open
        } catch (OutOfMemoryError e) {
            // Our own allocation failed, not Cassandra's: decline and let the next engine run.
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        if (context == null) {
            return FallbackReason.CONTEXTS_BUSY.code();
        }
        try {
            long src = context.input.stage(in);
            long dst = context.output.reserve(dstCapacity);
            if (src == 0 || dst == 0) {
                return FallbackReason.CONTEXTS_BUSY.code(); // malloc failed: our shortage, not Cassandra's
            }
            int result = compress
                    ? compressNative(context, src, in.length(), dst, dstCapacity)
                    : decompressNative(context, src, in.length(), dst, dstCapacity, header, trailer);
            if (result > dstCapacity) {
                return FallbackReason.NATIVE_ERROR.code(); // never copy more than the caller's region
            }
            if (result > 0) {
                context.output.copyTo(out, result);
            }
            return result;
        } finally {
            if (context.discard) {
                pool.discard(context);
            } else {
                context.trim();
                pool.release(context);
            }
        }
    }

    /** What the library allocates for one context of this direction (its own malloc, not our staging). */
    protected abstract long stateBytes(boolean compress);

    /**
     * Scratch memory a context may take during a call beyond its two staging buffers: an
     * accelerator's output check decodes a whole chunk into its own buffer.
     */
    private long scratchBytes(int input) {
        return checksOutput ? NativeBuffer.roundUp(input + 1) : 0;
    }

    /** What a call larger than a context keeps stages beyond what a small call does. */
    private long largeCallExtraBytes() {
        long staging = 2L * (NativeBuffer.roundUp(maxStagedOutput) - NativeBuffer.RETAINED_BYTES);
        long scratch = scratchBytes(maxBufferBytes) - scratchBytes(NativeBuffer.RETAINED_BYTES);
        return Math.max(0, staging + scratch);
    }

    /**
     * The most native memory this engine can hold in one direction: every context in a small
     * call, plus the large calls allowed at once staging the largest chunk.
     */
    @Override
    public final long nativeBytesBound(boolean compress) {
        ContextPool<C> pool = compress ? compressContexts : decompressContexts;
        long perContext = 2L * NativeBuffer.RETAINED_BYTES + scratchBytes(NativeBuffer.RETAINED_BYTES) + stateBytes(compress);
        return pool.capacity() * perContext + Math.min(largeCallLimit, pool.capacity()) * largeCallExtraBytes();
    }

    /** How many calls on chunks over 64 KiB may run at once per direction; the rest go to the next engine. */
    public final int largeCallLimit() {
        return largeCallLimit;
    }

    /** What the engine may keep between calls: every context, with staging trimmed to {@link NativeBuffer#RETAINED_BYTES}. */
    public final long retainedBytesBound(boolean compress) {
        ContextPool<C> pool = compress ? compressContexts : decompressContexts;
        return pool.capacity() * (2L * NativeBuffer.RETAINED_BYTES + stateBytes(compress));
    }

    /** Native contexts currently allocated, both directions; for tests. */
    public final int liveContexts() {
        return compressContexts.liveContexts() + decompressContexts.liveContexts();
    }

    @Override
    public final NativeMemoryMeter nativeMemory(boolean compress) {
        return compress ? compressMemory : decompressMemory;
    }

    @Override
    public void close() {
        cleanable.clean();
    }
}
