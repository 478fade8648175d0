package dev.deflateaccel.bridge.engine;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** libdeflate (Debian package libdeflate0): faster than zlib at a ratio as good or better. */
public final class LibdeflateEngine extends NativeDeflateEngine<LibdeflateEngine.LibdeflateContext> {
    public static final String NAME = "libdeflate";
    public static final String DEFAULT_LIBRARY = "libdeflate.so.0";
    static final String INSTALL_HINT = "install the libdeflate0 package (apt-get install libdeflate0)";

    /** A libdeflate (de)compressor plus a size_t slot for decompress's actual output size. */
    static final class LibdeflateContext extends NativeDeflateEngine.Context {
        final long handle;
        final boolean compressor;
        final long sizeSlot;
        final Pointer sizeSlotPointer;

        LibdeflateContext(long handle, boolean compressor) {
            this.handle = handle;
            this.compressor = compressor;
            this.sizeSlot = compressor ? 0 : Native.malloc(8);
            this.sizeSlotPointer = compressor ? null : new Pointer(sizeSlot);
            if (!compressor && sizeSlot == 0) {
                LibdeflateNatives.libdeflate_free_decompressor(handle);
                throw new OutOfMemoryError("malloc(8) failed");
            }
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

    private LibdeflateEngine(EngineStatus binding, int level, int maxContexts, int maxBufferBytes) {
        super(NAME, binding, level, maxContexts, maxBufferBytes);
    }

    /** Probes the library (once per JVM) and returns an engine that reports whether it is usable. */
    public static LibdeflateEngine open(String library, int level, int maxContexts, int maxBufferBytes) {
        return new LibdeflateEngine(NativeBinding.bind(LibdeflateNatives.class, library, INSTALL_HINT), level, maxContexts, maxBufferBytes);
    }

    @Override
    protected LibdeflateContext newCompressContext() {
        long c = LibdeflateNatives.libdeflate_alloc_compressor(level);
        if (c == 0) {
            throw new OutOfMemoryError("libdeflate_alloc_compressor(" + level + ") returned NULL");
        }
        return new LibdeflateContext(c, true);
    }

    @Override
    protected LibdeflateContext newDecompressContext() {
        long d = LibdeflateNatives.libdeflate_alloc_decompressor();
        if (d == 0) {
            throw new OutOfMemoryError("libdeflate_alloc_decompressor() returned NULL");
        }
        return new LibdeflateContext(d, false);
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
