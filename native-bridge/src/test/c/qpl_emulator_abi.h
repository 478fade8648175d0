/*
 * The QPL 1.x ABI the QPL emulator implements: the public qpl_job part, codes, flags and enums.
 * A clean-room copy, so that the emulator builds without the vendor's headers. VendorAbiTest
 * compiles abi_facts.c against this file and compares every size, offset and constant with the
 * Java bindings' (emulatorHeadersMatchTheJavaBindings); it compares the bindings with every
 * supported version of the vendor's own header separately, when the vendor libraries are present.
 * This file is never compiled next to the vendor's header.
 */
#ifndef DEFLATEACCEL_QPL_EMULATOR_ABI_H
#define DEFLATEACCEL_QPL_EMULATOR_ABI_H

#include <stddef.h>
#include <stdint.h>

typedef int qpl_status;
typedef int qpl_path_t;

#define qpl_path_auto 0
#define qpl_path_hardware 1
#define qpl_path_software 2

#define qpl_op_decompress 0x00
#define qpl_op_compress 0x01
#define qpl_default_level 1
#define qpl_high_level 3

#define QPL_FLAG_FIRST 0x1u
#define QPL_FLAG_LAST 0x2u
#define QPL_FLAG_CRC32C 0x4u
#define QPL_FLAG_GZIP_MODE 0x8u
#define QPL_FLAG_NO_HDRS 0x20u
#define QPL_FLAG_DECOMP_FLUSH_ALWAYS 0x800u
#define QPL_FLAG_START_NEW_BLOCK 0x1000u
#define QPL_FLAG_DYNAMIC_HUFFMAN 0x2000u
#define QPL_FLAG_OMIT_VERIFY 0x4000u
#define QPL_FLAG_ZLIB_MODE 0x80000u
#define QPL_FLAG_OMIT_CHECKSUMS 0x100000u
#define QPL_FLAG_CANNED_MODE 0x400000u

#define QPL_STS_OK 0
#define QPL_STS_BEING_PROCESSED 1
#define QPL_STS_MORE_OUTPUT_NEEDED 2
#define QPL_STS_MORE_INPUT_NEEDED 3
#define QPL_STS_QUEUES_ARE_BUSY_ERR 5
#define QPL_STS_LIBRARY_INTERNAL_ERR 6
#define QPL_STS_NOT_SUPPORTED_BY_WQ 8
#define QPL_STS_NULL_PTR_ERR 50
#define QPL_STS_SIZE_ERR 57
#define QPL_STS_BUFFER_TOO_LARGE_ERR 58
#define QPL_STS_INFLATE_NEED_DICT_ERR 84
#define QPL_STS_ARCHIVE_HEADER_ERR 104
#define QPL_OPERATION_ERROR_BASE 200U
#define QPL_OPERATION_STATUS_BASE 300U
#define QPL_STS_BAD_DIST_ERR 217
#define QPL_STS_INIT_HW_NOT_SUPPORTED 500
#define QPL_STS_INIT_LIBACCEL_NOT_FOUND 501
#define QPL_STS_INIT_WORK_QUEUES_NOT_AVAILABLE 503
#define QPL_STS_TRANSFER_SIZE_INVALID 319

/* Public part of qpl_job, 240 bytes; fields the spec does not name are reserved here. */
typedef struct {
    uint8_t *next_in_ptr;            /*   0 */
    uint32_t available_in;           /*   8 */
    uint32_t total_in;               /*  12 */
    uint8_t *next_out_ptr;           /*  16 */
    uint32_t available_out;          /*  24 */
    uint32_t total_out;              /*  28 */
    int32_t op;                      /*  32 */
    uint32_t flags;                  /*  36 */
    uint32_t crc;                    /*  40 */
    uint32_t xor_checksum;           /*  44 */
    uint32_t last_bit_offset;        /*  48 */
    int32_t level;                   /*  52 */
    int32_t statistics_mode;         /*  56 */
    uint8_t reserved_60[4];          /*  60 */
    void *huffman_table;             /*  64 */
    void *dictionary;                /*  72 */
    int32_t mini_block_size;         /*  80 */
    uint8_t reserved_84[4];          /*  84 */
    void *idx_array;                 /*  88 */
    uint32_t idx_max_size;           /*  96 */
    uint32_t idx_num_written;        /* 100 */
    uint8_t decomp_end_processing;   /* 104 */
    uint8_t ignore_start_bits;       /* 105 */
    uint8_t ignore_end_bits;         /* 106 */
    uint8_t reserved_107[5];         /* 107 */
    uint64_t crc64_poly;             /* 112 */
    uint64_t crc64;                  /* 120 */
    uint8_t reserved_128[60];        /* 128 */
    int32_t numa_id;                 /* 188 */
    void *data_ptr;                  /* 192: the emulator points it at its state in the job */
    uint8_t reserved_200[40];        /* 200 */
} qpl_job;

#endif
