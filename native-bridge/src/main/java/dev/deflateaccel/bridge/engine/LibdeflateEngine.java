package dev.deflateaccel.bridge.engine;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** libdeflate (Debian package libdeflate0): faster than zlib at a ratio as good or better. */
public final class LibdeflateEngine extends NativeDeflateEngine<LibdeflateEngine.LibdeflateContext> {
    public static final String NAME = "libdeflate";
    public static final String DEFAULT_LIBRARY = "libdeflate.so.0";
    public static final String INSTALL_HINT = "install the libdeflate0 package (apt-get install libdeflate0)";

    /** A libdeflate (de)compressor plus a size_t slot for decompress's actual output size. */
    static final class LibdeflateContext extends NativeDeflateEngine.Context {
        final long handle;
        final boolean compressor;
        final long sizeSlot;
        final Pointer sizeSlotPointer;

        LibdeflateContext(NativeMemoryMeter meter, long handle, boolean compressor, long stateBytes) {
            super(meter);
            this.handle = handle;
            this.compressor = compressor;
            this.sizeSlot = compressor ? 0 : Native.malloc(8);
            this.sizeSlotPointer = compressor ? null : new Pointer(sizeSlot);
            if (!compressor && sizeSlot == 0) {
                LibdeflateNatives.libdeflate_free_decompressor(handle);
                throw new OutOfMemoryError("malloc(8) failed");
            }
            countState(stateBytes);
        }

        @Override
        protected void freeState() {
            if (compressor) {
                LibdeflateNatives.libdeflate_free_compressor(handle);
            } else {
                LibdeflateNatives.libdeflate_free_decompressor(handle);
                Native.free(sizeSlot);
            }
        }
    }

    /**
     * What libdeflate 1.14 mallocs per compressor, by level, as malloc holds it (mallinfo2 around
     * libdeflate_alloc_compressor; LibraryMemoryTest checks every level): the hash tables of levels
     * 2-9, the binary trees and optimal parsing state of 10-12. Used for the native-memory count
     * and bound, not for allocation.
     */
    static final int[] COMPRESSOR_BYTES = {6_144, 204_800, 671_744, 671_744, 671_744, 671_744, 671_744,
        671_744, 671_744, 671_744, 9_011_200, 9_011_200, 9_011_200};
    static final int DECOMPRESSOR_BYTES = 11_568;
    /**
     * Compress contexts at levels 10-12 hold about 8.6 MiB each. Cassandra compresses on its
     * flush and compaction threads, rarely more than 16 at once; beyond that calls go to the
     * next engine rather than pinning gigabytes on a many-core host.
     */
    static final int MAX_SLOW_LEVEL_CONTEXTS = 16;

    private LibdeflateEngine(EngineStatus binding, int level, int maxContexts, int maxBufferBytes) {
        super(NAME, binding, level, compressContextBound(level, maxContexts), maxContexts, maxBufferBytes, false);
    }

    /** The compress pool's bound: capped for the large contexts of levels 10-12. */
    static int compressContextBound(int level, int maxContexts) {
        return level >= 10 ? Math.min(maxContexts, MAX_SLOW_LEVEL_CONTEXTS) : maxContexts;
    }

    /** Probes the library (once per JVM) and returns an engine that reports whether it is usable. */
    public static LibdeflateEngine open(String library, int level, int maxContexts, int maxBufferBytes) {
        return new LibdeflateEngine(NativeBinding.bind(LibdeflateNatives.class, library, INSTALL_HINT), level, maxContexts, maxBufferBytes);
    }

    @Override
    protected long stateBytes(boolean compress) {
        return compress ? COMPRESSOR_BYTES[level] : DECOMPRESSOR_BYTES + 8;
    }

    @Override
    protected LibdeflateContext newCompressContext(NativeMemoryMeter meter) {
        long c = LibdeflateNatives.libdeflate_alloc_compressor(level);
        if (c == 0) {
            throw new OutOfMemoryError("libdeflate_alloc_compressor(" + level + ") returned NULL");
        }
        return new LibdeflateContext(meter, c, true, COMPRESSOR_BYTES[level]);
    }

    @Override
    protected LibdeflateContext newDecompressContext(NativeMemoryMeter meter) {
        long d = LibdeflateNatives.libdeflate_alloc_decompressor();
        if (d == 0) {
            throw new OutOfMemoryError("libdeflate_alloc_decompressor() returned NULL");
        }
        return new LibdeflateContext(meter, d, false, DECOMPRESSOR_BYTES + 8);
    }

    @Override
    protected int compressNative(LibdeflateContext c, long src, int srcLength, long dst, int dstCapacity) {
        long n = LibdeflateNatives.libdeflate_zlib_compress(c.handle, src, srcLength, dst, dstCapacity);
        return n > 0 ? (int) n : FallbackReason.OUTPUT_TOO_SMALL.code();
    }

    @Override
    protected int decompressNative(LibdeflateContext c, long src, int srcLength, long dst, int dstCapacity,
                                   int header, int trailer) {
        // libdeflate checks the header and the Adler-32 itself.
        int r = LibdeflateNatives.libdeflate_zlib_decompress(c.handle, src, srcLength, dst, dstCapacity, c.sizeSlot);
        switch (r) {
            case LibdeflateNatives.LIBDEFLATE_SUCCESS:
                return (int) c.sizeSlotPointer.getLong(0);
            case LibdeflateNatives.LIBDEFLATE_INSUFFICIENT_SPACE:
                return FallbackReason.OUTPUT_TOO_SMALL.code();
            case LibdeflateNatives.LIBDEFLATE_BAD_DATA:
                return FallbackReason.CORRUPT_INPUT.code();
            default:
                return FallbackReason.NATIVE_ERROR.code();
        }
    }
}
