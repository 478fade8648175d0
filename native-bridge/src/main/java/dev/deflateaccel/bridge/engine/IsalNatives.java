package dev.deflateaccel.bridge.engine;

/**
 * ISA-L's igzip stateless API, direct-mapped (isa-l/igzip_lib.h, 2.x). Only the leading public
 * fields of {@code struct isal_zstream} and {@code struct inflate_state} are touched: they have
 * kept these offsets through ISA-L 2.x, while the internal fields behind them move with build
 * options and versions. The engine reads and writes them through a view of the first
 * {@link #FIELDS_BYTES} bytes (see {@link NativeView});
 * VendorAbiTest compiles every offset here from Debian's igzip_lib.h and compares.
 */
final class IsalNatives {
    // struct isal_zstream (x86-64)
    static final int ZS_NEXT_IN = 0;          // uint8_t*
    static final int ZS_AVAIL_IN = 8;         // uint32_t
    static final int ZS_NEXT_OUT = 16;        // uint8_t*
    static final int ZS_AVAIL_OUT = 24;       // uint32_t
    static final int ZS_TOTAL_OUT = 28;       // uint32_t
    static final int ZS_LEVEL = 40;           // uint32_t
    static final int ZS_LEVEL_BUF_SIZE = 44;  // uint32_t
    static final int ZS_LEVEL_BUF = 48;       // uint8_t*
    static final int ZS_END_OF_STREAM = 56;   // uint16_t
    static final int ZS_FLUSH = 58;           // uint16_t
    static final int ZS_GZIP_FLAG = 60;       // uint16_t
    /**
     * uint16_t, log2 of the match window. isal_deflate_stateless_init does NOT set it (it sets
     * level, level_buf, flush, gzip_flag... but not this), and isal_deflate_stateless takes any
     * value 1..14 as a smaller window (0 or above 15 means 15). Left to malloc, it is whatever the
     * memory held: a leftover 7 gives a 128-byte window and 25-30% larger output at every level.
     */
    static final int ZS_HIST_BITS = 62;
    /** The leading isal_zstream bytes the engine touches: through hist_bits. */
    static final int ZS_FIELDS_BYTES = ZS_HIST_BITS + Short.BYTES;

    // struct inflate_state (x86-64)
    static final int IS_NEXT_OUT = 0;         // uint8_t*
    static final int IS_AVAIL_OUT = 8;        // uint32_t
    static final int IS_TOTAL_OUT = 12;       // uint32_t
    static final int IS_NEXT_IN = 16;         // uint8_t*
    static final int IS_AVAIL_IN = 32;        // uint32_t
    /** The leading inflate_state bytes the engine touches: through avail_in. */
    static final int IS_FIELDS_BYTES = IS_AVAIL_IN + Integer.BYTES;
    /** One view length for either struct (both are tens of KiB, inside STREAM_ALLOCATION). */
    static final int FIELDS_BYTES = Math.max(ZS_FIELDS_BYTES, IS_FIELDS_BYTES);

    /**
     * sizeof(struct isal_zstream) is 82,384 and sizeof(struct inflate_state) 87,368 in Debian's
     * 2.30; we allocate with headroom because a differently built libisal may be larger, and the
     * library writes the whole struct.
     */
    static final int STREAM_ALLOCATION = 128 * 1024;

    /** ISAL_DEF_LVLn_DEFAULT from igzip_lib.h 2.30 (the "large" level buffer, fastest). */
    static final int[] LEVEL_BUF_SIZE = {0, 282_624, 331_776, 348_160};

    static final int IGZIP_ZLIB = 3;
    static final int NO_FLUSH = 0;
    /** ISAL_DEF_MAX_HIST_BITS: the full 32 KiB window, what zlib's header 78 9C declares. */
    static final int ISAL_DEF_MAX_HIST_BITS = 15;
    static final int COMP_OK = 0;
    static final int STATELESS_OVERFLOW = -1;
    static final int ISAL_DECOMP_OK = 0;
    static final int ISAL_END_INPUT = 1;
    static final int ISAL_OUT_OVERFLOW = 2;
    static final int ISAL_NEED_DICT = 6;

    private IsalNatives() {
    }

    static native void isal_deflate_stateless_init(long stream);

    static native int isal_deflate_stateless(long stream);

    static native void isal_inflate_init(long state);

    static native int isal_inflate_stateless(long state);

    static native int isal_adler32(int init, long buffer, long length);
}
