package dev.deflateaccel.bridge.engine;

/**
 * libdeflate's one-shot API, direct-mapped (libdeflate.h, stable since 1.0). Pointers and
 * size_t are passed as {@code long}: no Pointer objects on the per-chunk path.
 */
final class LibdeflateNatives {
    static final int LIBDEFLATE_SUCCESS = 0;
    static final int LIBDEFLATE_BAD_DATA = 1;
    static final int LIBDEFLATE_SHORT_OUTPUT = 2;
    static final int LIBDEFLATE_INSUFFICIENT_SPACE = 3;

    private LibdeflateNatives() {
    }

    static native long libdeflate_alloc_compressor(int compressionLevel);

    /** Returns the compressed size, or 0 when it did not fit in {@code outAvail}. */
    static native long libdeflate_zlib_compress(long compressor, long in, long inBytes, long out, long outAvail);

    static native void libdeflate_free_compressor(long compressor);

    static native long libdeflate_alloc_decompressor();

    /** Writes the decompressed size to the size_t at {@code actualOutRet}. */
    static native int libdeflate_zlib_decompress(long decompressor, long in, long inBytes,
                                                 long out, long outAvail, long actualOutRet);

    static native void libdeflate_free_decompressor(long decompressor);

    /** Adler-32 of {@code length} bytes, SIMD; start from 1. */
    static native int libdeflate_adler32(int adler, long buffer, long length);
}
