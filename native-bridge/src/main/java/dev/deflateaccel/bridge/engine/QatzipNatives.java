package dev.deflateaccel.bridge.engine;

/**
 * QATzip 1.3 (libqatzip.so.3), direct-mapped; offsets and constants from the public header
 * (qatzip.h v1.3.1, API 2.5), x86-64. Structs are caller-allocated, so every offset used here
 * is asserted against that table by a test.
 */
final class QatzipNatives {
    // QzSession_T, 40 bytes
    static final int SESSION_BYTES = 40;
    static final int SESSION_HW_SESSION_STAT = 0; // long

    // QzSessionParamsDeflateExt_T, 60 bytes: QzSessionParamsDeflate_T (56) + 2 bytes
    static final int PARAMS_BYTES = 60;
    static final int PARAMS_DIRECTION = 0;         // enum
    static final int PARAMS_COMP_LVL = 4;          // unsigned int
    static final int PARAMS_SW_BACKUP = 16;        // unsigned char
    static final int PARAMS_HW_BUFF_SZ = 20;       // unsigned int
    static final int PARAMS_POLLING_MODE = 40;     // enum
    static final int PARAMS_DATA_FMT = 52;         // enum
    static final int PARAMS_ZLIB_FORMAT = 57;      // unsigned char

    static final int QZ_OK = 0;
    static final int QZ_DUPLICATE = 1;
    static final int QZ_NO_HW = 11;
    static final int QZ_FAIL = -2;
    static final int QZ_BUF_ERROR = -3;
    static final int QZ_DATA_ERROR = -4;
    static final int QZ_TIMEOUT = -5;
    static final int QZ_NOSW_NO_HW = -101;

    static final int QZ_DIR_BOTH = 2;
    static final int QZ_DEFLATE_RAW = 3;
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

    static native int qzTeardownSession(long session);

    static native int qzClose(long session);
}
