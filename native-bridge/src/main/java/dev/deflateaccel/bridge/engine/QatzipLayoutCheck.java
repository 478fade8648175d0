package dev.deflateaccel.bridge.engine;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Whether a libqatzip.so.3 lays out {@code QzSessionParamsDeflateExt_T} as {@link QatzipNatives}
 * does. QATzip cannot say its version, so the engine asks the library for its defaults and
 * reads them back: every field must land where the API 2.5 layout puts it, with a value QATzip
 * allows there, and nothing may be written past the struct's 60 bytes. A release that moved a
 * field or grew the struct is refused, not guessed at.
 */
final class QatzipLayoutCheck {
    private static final int GUARD_BYTES = 64;
    private static final byte GUARD = (byte) 0xA5;

    private QatzipLayoutCheck() {
    }

    /** Null when the layout holds, else what did not. */
    static String problem() {
        int size = QatzipNatives.PARAMS_BYTES + GUARD_BYTES;
        long block = Native.malloc(size);
        if (block == 0) {
            return "no memory to check QATzip's layout";
        }
        try {
            Pointer p = new Pointer(block);
            p.setMemory(0, size, GUARD);
            int rc = QatzipNatives.qzGetDefaultsDeflateExt(block);
            if (rc != QatzipNatives.QZ_OK) {
                return "qzGetDefaultsDeflateExt returned " + rc;
            }
            for (int i = QatzipNatives.PARAMS_BYTES; i < size; i++) {
                if (p.getByte(i) != GUARD) {
                    return "qzGetDefaultsDeflateExt wrote past the " + QatzipNatives.PARAMS_BYTES + "-byte struct of QATzip 1.3";
                }
            }
            int direction = p.getInt(QatzipNatives.PARAMS_DIRECTION);
            int level = p.getInt(QatzipNatives.PARAMS_COMP_LVL);
            int algorithm = p.getByte(QatzipNatives.PARAMS_COMP_ALGORITHM) & 0xFF;
            int hwBuffer = p.getInt(QatzipNatives.PARAMS_HW_BUFF_SZ);
            int polling = p.getInt(QatzipNatives.PARAMS_POLLING_MODE);
            int format = p.getInt(QatzipNatives.PARAMS_DATA_FMT);
            int zlibFormat = p.getByte(QatzipNatives.PARAMS_ZLIB_FORMAT) & 0xFF;
            boolean plausible = direction >= 0 && direction <= QatzipNatives.QZ_DIR_BOTH
                    && level >= 1 && level <= 12
                    && algorithm == QatzipNatives.QZ_DEFLATE
                    && hwBuffer >= 1024 && hwBuffer <= (2 << 20) && Integer.bitCount(hwBuffer) == 1
                    && (polling == QatzipNatives.QZ_PERIODICAL_POLLING || polling == QatzipNatives.QZ_BUSY_POLLING)
                    && format >= 0 && format <= QatzipNatives.QZ_DEFLATE_RAW
                    && zlibFormat <= 1;
            return plausible ? null : "its default session parameters are not where QATzip 1.3's layout puts them"
                    + " (direction " + direction + ", comp_lvl " + level + ", comp_algorithm " + algorithm
                    + ", hw_buff_sz " + hwBuffer + ", polling_mode " + polling + ", data_fmt " + format
                    + ", zlib_format " + zlibFormat + ")";
        } finally {
            Native.free(block);
        }
    }
}
