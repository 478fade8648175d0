package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The bindings' struct offsets and constants against the table in shared/abi/README.md (read
 * from QATzip's qatzip.h v1.3.1 and QPL's c_api headers, checked with gcc). Transcribed here by
 * hand, separately from the main code, so a typo in either shows up.
 */
class AcceleratorAbiTest {
    @Test
    void qatzipStructs() {
        assertEquals(40, QatzipNatives.SESSION_BYTES);
        assertEquals(0, QatzipNatives.SESSION_HW_SESSION_STAT);
        assertEquals(60, QatzipNatives.PARAMS_BYTES);
        assertEquals(0, QatzipNatives.PARAMS_DIRECTION);
        assertEquals(4, QatzipNatives.PARAMS_COMP_LVL);
        assertEquals(16, QatzipNatives.PARAMS_SW_BACKUP);
        assertEquals(20, QatzipNatives.PARAMS_HW_BUFF_SZ);
        assertEquals(40, QatzipNatives.PARAMS_POLLING_MODE);
        assertEquals(52, QatzipNatives.PARAMS_DATA_FMT);
        assertEquals(57, QatzipNatives.PARAMS_ZLIB_FORMAT);
    }

    @Test
    void qatzipConstants() {
        assertEquals(0, QatzipNatives.QZ_OK);
        assertEquals(1, QatzipNatives.QZ_DUPLICATE);
        assertEquals(11, QatzipNatives.QZ_NO_HW);
        assertEquals(-2, QatzipNatives.QZ_FAIL);
        assertEquals(-3, QatzipNatives.QZ_BUF_ERROR);
        assertEquals(-4, QatzipNatives.QZ_DATA_ERROR);
        assertEquals(-5, QatzipNatives.QZ_TIMEOUT);
        assertEquals(-101, QatzipNatives.QZ_NOSW_NO_HW);
        assertEquals(2, QatzipNatives.QZ_DIR_BOTH);
        assertEquals(3, QatzipNatives.QZ_DEFLATE_RAW);
        assertEquals(0, QatzipNatives.QZ_PERIODICAL_POLLING);
        assertEquals(1, QatzipNatives.QZ_BUSY_POLLING);
    }

    @Test
    void qplJob() {
        assertEquals(0, QplNatives.JOB_NEXT_IN_PTR);
        assertEquals(8, QplNatives.JOB_AVAILABLE_IN);
        assertEquals(12, QplNatives.JOB_TOTAL_IN);
        assertEquals(16, QplNatives.JOB_NEXT_OUT_PTR);
        assertEquals(24, QplNatives.JOB_AVAILABLE_OUT);
        assertEquals(28, QplNatives.JOB_TOTAL_OUT);
        assertEquals(32, QplNatives.JOB_OP);
        assertEquals(36, QplNatives.JOB_FLAGS);
        assertEquals(52, QplNatives.JOB_LEVEL);
    }

    @Test
    void qplConstants() {
        assertEquals(1, QplNatives.PATH_HARDWARE);
        assertEquals(0x00, QplNatives.OP_DECOMPRESS);
        assertEquals(0x01, QplNatives.OP_COMPRESS);
        assertEquals(0x1, QplNatives.FLAG_FIRST);
        assertEquals(0x2, QplNatives.FLAG_LAST);
        assertEquals(0x2000, QplNatives.FLAG_DYNAMIC_HUFFMAN);
        assertEquals(0x4000, QplNatives.FLAG_OMIT_VERIFY);
        assertEquals(0x80000, QplNatives.FLAG_ZLIB_MODE);
        assertEquals(0, QplNatives.STS_OK);
        assertEquals(2, QplNatives.STS_MORE_OUTPUT_NEEDED);
        assertEquals(3, QplNatives.STS_MORE_INPUT_NEEDED);
        assertEquals(5, QplNatives.STS_QUEUES_ARE_BUSY);
        assertEquals(58, QplNatives.STS_BUFFER_TOO_LARGE);
        assertEquals(84, QplNatives.STS_INFLATE_NEED_DICT);
        assertEquals(104, QplNatives.STS_ARCHIVE_HEADER_ERR);
        assertEquals(217, QplNatives.STS_BAD_DIST_ERR);
    }
}
