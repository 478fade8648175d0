package dev.deflateaccel.bridge.engine;

/**
 * QATzip 1.3 (libqatzip.so.3), direct-mapped; offsets and constants of API 2.5 (QATzip 1.3.0
 * and 1.3.1), x86-64. Structs are caller-allocated, so VendorAbiTest compiles every offset and
 * constant used here from the released headers and compares. QATzip has no call that returns its
 * version ({@code qzGetSoftwareComponentVersionList} answers QZ_FAIL, "not supported yet"), so
 * {@link QatzipLayoutCheck} checks at bind time that the library fills its defaults where this
 * layout says.
 */
final class QatzipNatives {
    /** QATZIP_API_VERSION of the headers this layout is from: 2.5. */
    static final int API_VERSION = 20500;

    // QzSession_T, 40 bytes
    static final int SESSION_BYTES = 40;
    static final int SESSION_HW_SESSION_STAT = 0; // long

    // QzSessionParamsDeflateExt_T, 60 bytes: QzSessionParamsDeflate_T (56) + 2 bytes
    static final int PARAMS_BYTES = 60;
    static final int PARAMS_DIRECTION = 0;         // enum
    static final int PARAMS_COMP_LVL = 4;          // unsigned int
    static final int PARAMS_COMP_ALGORITHM = 8;    // unsigned char
    static final int PARAMS_SW_BACKUP = 16;        // unsigned char
    static final int PARAMS_HW_BUFF_SZ = 20;       // unsigned int
    static final int PARAMS_POLLING_MODE = 40;     // enum
    static final int PARAMS_DATA_FMT = 52;         // enum
    static final int PARAMS_ZLIB_FORMAT = 57;      // unsigned char

    static final int QZ_OK = 0;
    static final int QZ_DUPLICATE = 1;
    static final int QZ_NO_HW = 11;
    static final int QZ_PARAMS = -1;
    static final int QZ_FAIL = -2;
    static final int QZ_BUF_ERROR = -3;
    static final int QZ_DATA_ERROR = -4;
    static final int QZ_TIMEOUT = -5;
    static final int QZ_NOSW_NO_HW = -101;
    static final int QZ_NOSW_NO_MDRV = -102;
    static final int QZ_NOSW_NO_INST_ATTACH = -103;
    static final int QZ_NOSW_LOW_MEM = -104;

    static final int QZ_DIR_BOTH = 2;
    static final int QZ_DEFLATE_RAW = 3;
    /** comp_algorithm for Deflate. */
    static final int QZ_DEFLATE = 8;
    static final int QZ_PERIODICAL_POLLING = 0;
    static final int QZ_BUSY_POLLING = 1;

    private QatzipNatives() {
    }

    static native int qzInit(long session, byte swBackup);

    static native int qzGetDefaultsDeflateExt(long params);

    static native int qzSetupSessionDeflateExt(long session, long params);

    /** {@code srcLen} and {@code destLen} point to unsigned ints: in, sizes; out, bytes consumed/produced. */
    static native int qzCompress(long session, long src, long srcLen, long dest, long destLen, int last);

    static native int qzDecompress(long session, long src, long srcLen, long dest, long destLen);

    /** Whether the last qzDecompress reached the end of a stream (1) or stopped inside one (0). */
    static native int qzGetDeflateEndOfStream(long session, long endOfStream);

    static native int qzTeardownSession(long session);

    static native int qzClose(long session);
}
