/*
 * The QATzip 1.3 (API 2.5) ABI the QATzip emulator implements: structs, codes and enums.
 * A clean-room copy, so that the emulator builds without the vendor's headers. VendorAbiTest
 * compiles abi_facts.c against this file and compares every size, offset and constant with the
 * Java bindings' (emulatorHeadersMatchTheJavaBindings); it compares the bindings with every
 * supported version of the vendor's own header separately, when the vendor libraries are present.
 * This file is never compiled next to the vendor's header.
 */
#ifndef DEFLATEACCEL_QATZIP_EMULATOR_ABI_H
#define DEFLATEACCEL_QATZIP_EMULATOR_ABI_H

#include <stddef.h>
#include <stdint.h>

/* API 2.5: QATzip 1.3.0 and 1.3.1 */
#define QATZIP_API_VERSION 20500

#define QZ_OK 0
#define QZ_DUPLICATE 1
#define QZ_NO_HW 11
#define QZ_PARAMS (-1)
#define QZ_FAIL (-2)
#define QZ_BUF_ERROR (-3)
#define QZ_DATA_ERROR (-4)
#define QZ_TIMEOUT (-5)
#define QZ_NOSW_NO_HW (-101)
#define QZ_NOSW_NO_MDRV (-102)
#define QZ_NOSW_NO_INST_ATTACH (-103)
#define QZ_NOSW_LOW_MEM (-104)
#define QZ_NOSW_UNSUPPORTED_FMT (-116)
#define QZ_NOT_SUPPORTED (-200)

#define QZ_DEFLATE_4B 0
#define QZ_DEFLATE_GZIP 1
#define QZ_DEFLATE_GZIP_EXT 2
#define QZ_DEFLATE_RAW 3
#define QZ_DYNAMIC_HDR 0
#define QZ_STATIC_HDR 1
#define QZ_DIR_COMPRESS 0
#define QZ_DIR_DECOMPRESS 1
#define QZ_DIR_BOTH 2
#define QZ_PERIODICAL_POLLING 0
#define QZ_BUSY_POLLING 1
#define QZ_DEFLATE 8

typedef struct QzSession_S {
    long hw_session_stat;
    int thd_sess_stat;
    void *internal;
    unsigned long total_in;
    unsigned long total_out;
} QzSession_T;

typedef struct QzSessionParamsCommon_S {
    int direction;
    unsigned int comp_lvl;
    unsigned char comp_algorithm;
    unsigned int max_forks;
    unsigned char sw_backup;
    unsigned int hw_buff_sz;
    unsigned int strm_buff_sz;
    unsigned int input_sz_thrshold;
    unsigned int req_cnt_thrshold;
    unsigned int wait_cnt_thrshold;
    int polling_mode;
    unsigned int is_sensitive_mode;
} QzSessionParamsCommon_T;

typedef struct QzSessionParamsDeflate_S {
    QzSessionParamsCommon_T common_params;
    int huffman_hdr;
    int data_fmt;
} QzSessionParamsDeflate_T;

typedef struct QzSessionParamsDeflateExt_S {
    QzSessionParamsDeflate_T deflate_params;
    unsigned char stop_decompression_stream_end;
    unsigned char zlib_format;
} QzSessionParamsDeflateExt_T;

#endif
