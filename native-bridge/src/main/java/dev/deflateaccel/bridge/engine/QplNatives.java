package dev.deflateaccel.bridge.engine;

/**
 * Intel QPL 1.x job API (libqpl.so), direct-mapped, x86-64. The {@code qpl_job} offsets,
 * constants and prototypes are those of QPL 1.4, 1.5, 1.6 and 1.9, which VendorAbiTest compiles
 * from each release's headers (Intel's, and Debian's libqpl-dev for 1.9) and compares; the engine reads the library's version at bind time and refuses any
 * other. The job is allocated with qpl_get_job_size bytes, which is larger than the public part.
 */
final class QplNatives {
    /** The major.minor releases whose job layout was checked against their headers. */
    static final String[] SUPPORTED_VERSIONS = {"1.4", "1.5", "1.6", "1.9"};

    static final int PATH_HARDWARE = 1;
    static final int PATH_SOFTWARE = 2;

    // qpl_job
    static final int JOB_NEXT_IN_PTR = 0;    // uint8_t*
    static final int JOB_AVAILABLE_IN = 8;   // uint32_t
    static final int JOB_TOTAL_IN = 12;      // uint32_t
    static final int JOB_NEXT_OUT_PTR = 16;  // uint8_t*
    static final int JOB_AVAILABLE_OUT = 24; // uint32_t
    static final int JOB_TOTAL_OUT = 28;     // uint32_t
    static final int JOB_OP = 32;            // enum
    static final int JOB_FLAGS = 36;         // uint32_t
    static final int JOB_LEVEL = 52;         // enum
    /** The leading qpl_job bytes the engine touches, through level: the length of its view (NativeView). */
    static final int JOB_FIELDS_BYTES = JOB_LEVEL + Integer.BYTES;

    static final int OP_DECOMPRESS = 0x00;
    static final int OP_COMPRESS = 0x01;
    static final int LEVEL_DEFAULT = 1;

    static final int FLAG_FIRST = 0x1;
    static final int FLAG_LAST = 0x2;
    static final int FLAG_DYNAMIC_HUFFMAN = 0x2000;
    static final int FLAG_OMIT_VERIFY = 0x4000;
    static final int FLAG_ZLIB_MODE = 0x80000;

    static final int STS_OK = 0;
    static final int STS_MORE_OUTPUT_NEEDED = 2;
    static final int STS_MORE_INPUT_NEEDED = 3;
    static final int STS_QUEUES_ARE_BUSY = 5;
    static final int STS_BUFFER_TOO_LARGE = 58;
    static final int STS_INFLATE_NEED_DICT = 84;
    static final int STS_ARCHIVE_HEADER_ERR = 104;
    static final int STS_OPERATION_ERROR_BASE = 200;
    static final int STS_BAD_DIST_ERR = 217;
    static final int STS_OPERATION_STATUS_BASE = 300;
    /** A transfer over the device's limit (QPL 1.9 names it for what 1.6 called BUFFER_TOO_LARGE). */
    static final int STS_TRANSFER_SIZE_INVALID = 319;
    static final int STS_INIT_HW_NOT_SUPPORTED = 500;
    static final int STS_INIT_LIBACCEL_NOT_FOUND = 501;
    static final int STS_INIT_WORK_QUEUES_NOT_AVAILABLE = 503;

    private QplNatives() {
    }

    /** "major.minor.patch" (QPL 1.x). */
    static native String qpl_get_library_version();

    static native int qpl_get_job_size(int path, long jobSizePtr);

    static native int qpl_init_job(int path, long job);

    static native int qpl_execute_job(long job);

    static native int qpl_fini_job(long job);
}
