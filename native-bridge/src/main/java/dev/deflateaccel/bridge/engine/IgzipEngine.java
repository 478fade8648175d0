package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * ISA-L igzip (Debian package libisal2): the fastest CPU deflate here at level 1 (ratio a few
 * percent below zlib's default). Compression writes the zlib wrapper itself (IGZIP_ZLIB).
 * Decompression runs raw deflate on the bytes between the header and the trailer and checks the
 * Adler-32 with isal_adler32: that avoids writing {@code crc_flag}, which sits behind ISA-L's
 * internal tables at an offset that changes between builds.
 */
public final class IgzipEngine extends NativeDeflateEngine<IgzipEngine.IgzipContext> {
    public static final String NAME = "igzip";
    public static final String DEFAULT_LIBRARY = "libisal.so.2";
    public static final String INSTALL_HINT = "install the libisal2 package (apt-get install libisal2)";

    /** An isal_zstream or inflate_state, plus the level buffer for compression. */
    static final class IgzipContext extends NativeDeflateEngine.Context {
        final long state;
        /** The struct's leading public fields (IsalNatives.ZS_* or IS_*), read and written in place. */
        final ByteBuffer fields;
        final long levelBuf;

        IgzipContext(NativeMemoryMeter meter, int levelBufSize) {
            super(meter);
            long s = Native.malloc(IsalNatives.STREAM_ALLOCATION);
            long b = levelBufSize > 0 ? Native.malloc(levelBufSize) : 0;
            if (s == 0 || (levelBufSize > 0 && b == 0)) {
                Native.free(s);
                Native.free(b);
                throw new OutOfMemoryError("malloc for an ISA-L context failed");
            }
            state = s;
            fields = NativeView.of(s, IsalNatives.FIELDS_BYTES);
            levelBuf = b;
            // Native.malloc does not zero, and ISA-L's init functions set only some fields: start
            // from zeros so that nothing a previous owner left in this memory can reach ISA-L.
            new Pointer(s).setMemory(0, IsalNatives.STREAM_ALLOCATION, (byte) 0);
            if (b != 0) {
                new Pointer(b).setMemory(0, levelBufSize, (byte) 0);
            }
            countState((long) IsalNatives.STREAM_ALLOCATION + levelBufSize);
        }

        @Override
        protected void freeState() {
            Native.free(state);
            if (levelBuf != 0) {
                Native.free(levelBuf);
            }
        }
    }

    private IgzipEngine(EngineStatus binding, int level, int maxContexts, int maxBufferBytes) {
        super(NAME, binding, level, maxContexts, maxContexts, maxBufferBytes, false);
    }

    /** Probes the library (once per JVM) and returns an engine that reports whether it is usable. */
    public static IgzipEngine open(String library, int level, int maxContexts, int maxBufferBytes) {
        return new IgzipEngine(NativeBinding.bind(IsalNatives.class, library, INSTALL_HINT), level, maxContexts, maxBufferBytes);
    }

    @Override
    protected long stateBytes(boolean compress) {
        return IsalNatives.STREAM_ALLOCATION + (compress ? IsalNatives.LEVEL_BUF_SIZE[level] : 0);
    }

    @Override
    protected IgzipContext newCompressContext(NativeMemoryMeter meter) {
        return new IgzipContext(meter, IsalNatives.LEVEL_BUF_SIZE[level]);
    }

    @Override
    protected IgzipContext newDecompressContext(NativeMemoryMeter meter) {
        return new IgzipContext(meter, 0);
    }

    @Override
    protected int compressNative(IgzipContext c, long src, int srcLength, long dst, int dstCapacity) {
        ByteBuffer f = c.fields;
        IsalNatives.isal_deflate_stateless_init(c.state);
        f.putLong(IsalNatives.ZS_NEXT_IN, src);
        f.putInt(IsalNatives.ZS_AVAIL_IN, srcLength);
        f.putLong(IsalNatives.ZS_NEXT_OUT, dst);
        f.putInt(IsalNatives.ZS_AVAIL_OUT, dstCapacity);
        f.putInt(IsalNatives.ZS_LEVEL, level);
        f.putInt(IsalNatives.ZS_LEVEL_BUF_SIZE, IsalNatives.LEVEL_BUF_SIZE[level]);
        f.putLong(IsalNatives.ZS_LEVEL_BUF, c.levelBuf);
        f.putShort(IsalNatives.ZS_END_OF_STREAM, (short) 1);
        f.putShort(IsalNatives.ZS_FLUSH, (short) IsalNatives.NO_FLUSH);
        f.putShort(IsalNatives.ZS_GZIP_FLAG, (short) IsalNatives.IGZIP_ZLIB);
        // Not set by isal_deflate_stateless_init: without this the window is whatever the
        // memory held (see IsalNatives.ZS_HIST_BITS), and so is the ratio.
        f.putShort(IsalNatives.ZS_HIST_BITS, (short) IsalNatives.ISAL_DEF_MAX_HIST_BITS);
        int r = IsalNatives.isal_deflate_stateless(c.state);
        if (r == IsalNatives.COMP_OK) {
            return f.getInt(IsalNatives.ZS_TOTAL_OUT);
        }
        return r == IsalNatives.STATELESS_OVERFLOW
                ? FallbackReason.OUTPUT_TOO_SMALL.code()
                : FallbackReason.NATIVE_ERROR.code();
    }

    @Override
    protected int decompressNative(IgzipContext c, long src, int srcLength, long dst, int dstCapacity,
                                   int header, int trailer) {
        ByteBuffer f = c.fields;
        IsalNatives.isal_inflate_init(c.state); // raw deflate, 32 KiB window
        f.putLong(IsalNatives.IS_NEXT_IN, src + ZlibFrame.HEADER_BYTES);
        f.putInt(IsalNatives.IS_AVAIL_IN, srcLength - ZlibFrame.HEADER_BYTES - ZlibFrame.TRAILER_BYTES);
        f.putLong(IsalNatives.IS_NEXT_OUT, dst);
        f.putInt(IsalNatives.IS_AVAIL_OUT, dstCapacity);
        int r = IsalNatives.isal_inflate_stateless(c.state);
        switch (r) {
            case IsalNatives.ISAL_DECOMP_OK:
                // The deflate data must end exactly where the trailer begins. zlib reads the
                // Adler-32 right after the final block; bytes between the two (a corrupt or
                // doctored chunk) make stock throw, so here they must decline, not be skipped.
                if (f.getInt(IsalNatives.IS_AVAIL_IN) != 0) {
                    return FallbackReason.CORRUPT_INPUT.code();
                }
                int n = f.getInt(IsalNatives.IS_TOTAL_OUT);
                return IsalNatives.isal_adler32(1, dst, n) == trailer ? n : FallbackReason.CORRUPT_INPUT.code();
            case IsalNatives.ISAL_OUT_OVERFLOW:
                return FallbackReason.OUTPUT_TOO_SMALL.code();
            case IsalNatives.ISAL_NEED_DICT:
                return FallbackReason.INPUT_NOT_ACCEPTED.code();
            default:
                return FallbackReason.CORRUPT_INPUT.code(); // invalid block/symbol/lookback, or truncated
        }
    }
}
