/*
 * Prints every struct size, field offset and constant the Java bindings use, as the headers it
 * is compiled with (the vendors' own, or the emulators' clean-room copies) define them, one
 * "name value" line each. VendorAbiTest compiles this file once per
 * header set (QATzip 1.2.1-1.3.1, QPL 1.4.0-1.6.0, ISA-L and libdeflate from Debian, the
 * emulators' copies), for x86-64
 * and, with the aarch64 cross compiler, for aarch64, and compares every line with the Java
 * constant of the same name.
 *
 * Each library is optional, so that one header set can be checked without the others:
 * -DWITH_QATZIP='<qatzip.h>' and -DWITH_QPL='<qpl/qpl.h>' name the header to read (the vendor's,
 * or the emulators' clean-room copies, qatzip_emulator_abi.h and qpl_emulator_abi.h);
 * -DWITH_ISAL and -DWITH_LIBDEFLATE read Debian's igzip_lib.h and libdeflate.h. A name is printed only when the header has it:
 * a field or function a version lacks is simply absent from the output, and the test says so.
 *
 * With -DWITH_SIGNATURES (vendor headers only: the emulators' headers declare no functions) it
 * also prints "signature.NAME 1" for every function the bindings call whose prototype in the
 * header is the one written below, which is what the Java binding passes (a Java long for each
 * pointer and size_t, an int for each int, uint32_t and enum): 0 means the header's prototype
 * differs. The enums the bindings pass as int are printed with their sizes.
 *
 * Deprecation warnings are off: QPL 1.9 deprecates QPL_STS_BUFFER_TOO_LARGE_ERR, which the
 * releases before it still return, and the bindings keep its value.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIZE(type) printf("%s.sizeof %zu\n", #type, sizeof(type))
#define FIELD(type, field) printf("%s.%s %zu\n", #type, #field, offsetof(type, field))
#define CONST(name) printf("%s %lld\n", #name, (long long) (name))
#define SIGNATURE(function, ...) \
    printf("signature.%s %d\n", #function, __builtin_types_compatible_p(__typeof__(&function), __VA_ARGS__))

#ifdef WITH_QATZIP
#include WITH_QATZIP
#endif
#ifdef WITH_QPL
#include WITH_QPL
#endif
#ifdef WITH_ISAL
#include <igzip_lib.h>
#endif
#ifdef WITH_LIBDEFLATE
#include <libdeflate.h>
#endif

int main(void) {
    printf("arch.pointer_bytes %zu\n", sizeof(void *));
#ifdef WITH_QATZIP
    CONST(QATZIP_API_VERSION);
    SIZE(QzSession_T);
    FIELD(QzSession_T, hw_session_stat);
    SIZE(QzSessionParamsDeflate_T);
    FIELD(QzSessionParamsDeflate_T, common_params.direction);
    FIELD(QzSessionParamsDeflate_T, common_params.comp_lvl);
    FIELD(QzSessionParamsDeflate_T, common_params.comp_algorithm);
    FIELD(QzSessionParamsDeflate_T, common_params.sw_backup);
    FIELD(QzSessionParamsDeflate_T, common_params.hw_buff_sz);
    FIELD(QzSessionParamsDeflate_T, common_params.polling_mode);
    FIELD(QzSessionParamsDeflate_T, data_fmt);
#if QATZIP_API_VERSION >= 20500
    /* The Ext struct and its functions arrived with API 2.5 (QATzip 1.3.0). */
    SIZE(QzSessionParamsDeflateExt_T);
    FIELD(QzSessionParamsDeflateExt_T, deflate_params);
    FIELD(QzSessionParamsDeflateExt_T, zlib_format);
#endif
    CONST(QZ_OK);
    CONST(QZ_DUPLICATE);
    CONST(QZ_NO_HW);
    CONST(QZ_PARAMS);
    CONST(QZ_FAIL);
    CONST(QZ_BUF_ERROR);
    CONST(QZ_DATA_ERROR);
    CONST(QZ_TIMEOUT);
    CONST(QZ_NOSW_NO_HW);
    CONST(QZ_NOSW_NO_MDRV);
    CONST(QZ_NOSW_NO_INST_ATTACH);
    CONST(QZ_NOSW_LOW_MEM);
    CONST(QZ_DIR_BOTH);
    CONST(QZ_DEFLATE_RAW);
    CONST(QZ_DEFLATE);
    CONST(QZ_PERIODICAL_POLLING);
    CONST(QZ_BUSY_POLLING);
#if defined(WITH_SIGNATURES) && QATZIP_API_VERSION >= 20500
    SIGNATURE(qzInit, int (*)(QzSession_T *, unsigned char));
    SIGNATURE(qzGetDefaultsDeflateExt, int (*)(QzSessionParamsDeflateExt_T *));
    SIGNATURE(qzSetupSessionDeflateExt, int (*)(QzSession_T *, QzSessionParamsDeflateExt_T *));
    SIGNATURE(qzCompress, int (*)(QzSession_T *, const unsigned char *, unsigned int *, unsigned char *,
                                  unsigned int *, unsigned int));
    SIGNATURE(qzDecompress, int (*)(QzSession_T *, const unsigned char *, unsigned int *, unsigned char *,
                                    unsigned int *));
    SIGNATURE(qzGetDeflateEndOfStream, int (*)(QzSession_T *, unsigned char *));
    SIGNATURE(qzTeardownSession, int (*)(QzSession_T *));
    SIGNATURE(qzClose, int (*)(QzSession_T *));
#endif
#endif
#ifdef WITH_QPL
    SIZE(qpl_job);
    FIELD(qpl_job, next_in_ptr);
    FIELD(qpl_job, available_in);
    FIELD(qpl_job, total_in);
    FIELD(qpl_job, next_out_ptr);
    FIELD(qpl_job, available_out);
    FIELD(qpl_job, total_out);
    FIELD(qpl_job, op);
    FIELD(qpl_job, flags);
    FIELD(qpl_job, level);
    CONST(qpl_path_hardware);
    CONST(qpl_path_software);
    CONST(qpl_op_decompress);
    CONST(qpl_op_compress);
    CONST(qpl_default_level);
    CONST(QPL_FLAG_FIRST);
    CONST(QPL_FLAG_LAST);
    CONST(QPL_FLAG_DYNAMIC_HUFFMAN);
    CONST(QPL_FLAG_OMIT_VERIFY);
    CONST(QPL_FLAG_ZLIB_MODE);
    CONST(QPL_STS_OK);
    CONST(QPL_STS_MORE_OUTPUT_NEEDED);
    CONST(QPL_STS_MORE_INPUT_NEEDED);
    CONST(QPL_STS_QUEUES_ARE_BUSY_ERR);
    CONST(QPL_STS_BUFFER_TOO_LARGE_ERR);
    CONST(QPL_STS_INFLATE_NEED_DICT_ERR);
    CONST(QPL_STS_ARCHIVE_HEADER_ERR);
    CONST(QPL_STS_BAD_DIST_ERR);
    CONST(QPL_OPERATION_ERROR_BASE);
    CONST(QPL_OPERATION_STATUS_BASE);
    CONST(QPL_STS_INIT_HW_NOT_SUPPORTED);
    CONST(QPL_STS_INIT_LIBACCEL_NOT_FOUND);
    CONST(QPL_STS_INIT_WORK_QUEUES_NOT_AVAILABLE);
    CONST(QPL_STS_TRANSFER_SIZE_INVALID);
#ifdef WITH_SIGNATURES
    SIZE(qpl_status);
    SIZE(qpl_path_t);
    SIGNATURE(qpl_get_library_version, const char *(*)(void));
    SIGNATURE(qpl_get_job_size, qpl_status (*)(qpl_path_t, uint32_t *));
    SIGNATURE(qpl_init_job, qpl_status (*)(qpl_path_t, qpl_job *));
    SIGNATURE(qpl_execute_job, qpl_status (*)(qpl_job *));
    SIGNATURE(qpl_fini_job, qpl_status (*)(qpl_job *));
#endif
#endif
#ifdef WITH_ISAL
    FIELD(struct isal_zstream, next_in);
    FIELD(struct isal_zstream, avail_in);
    FIELD(struct isal_zstream, next_out);
    FIELD(struct isal_zstream, avail_out);
    FIELD(struct isal_zstream, total_out);
    FIELD(struct isal_zstream, level);
    FIELD(struct isal_zstream, level_buf_size);
    FIELD(struct isal_zstream, level_buf);
    FIELD(struct isal_zstream, end_of_stream);
    FIELD(struct isal_zstream, flush);
    FIELD(struct isal_zstream, gzip_flag);
    FIELD(struct isal_zstream, hist_bits);
    SIZE(struct isal_zstream);
    FIELD(struct inflate_state, next_out);
    FIELD(struct inflate_state, avail_out);
    FIELD(struct inflate_state, total_out);
    FIELD(struct inflate_state, next_in);
    FIELD(struct inflate_state, avail_in);
    SIZE(struct inflate_state);
    CONST(ISAL_DEF_LVL1_DEFAULT);
    CONST(ISAL_DEF_LVL2_DEFAULT);
    CONST(ISAL_DEF_LVL3_DEFAULT);
    CONST(IGZIP_ZLIB);
    CONST(NO_FLUSH);
    CONST(ISAL_DEF_MAX_HIST_BITS);
    CONST(COMP_OK);
    CONST(STATELESS_OVERFLOW);
    CONST(ISAL_DECOMP_OK);
    CONST(ISAL_END_INPUT);
    CONST(ISAL_OUT_OVERFLOW);
    CONST(ISAL_NEED_DICT);
#ifdef WITH_SIGNATURES
    SIGNATURE(isal_deflate_stateless_init, void (*)(struct isal_zstream *));
    SIGNATURE(isal_deflate_stateless, int (*)(struct isal_zstream *));
    SIGNATURE(isal_inflate_init, void (*)(struct inflate_state *));
    SIGNATURE(isal_inflate_stateless, int (*)(struct inflate_state *));
    SIGNATURE(isal_adler32, uint32_t (*)(uint32_t, const unsigned char *, uint64_t));
#endif
#endif
#ifdef WITH_LIBDEFLATE
    CONST(LIBDEFLATE_SUCCESS);
    CONST(LIBDEFLATE_BAD_DATA);
    CONST(LIBDEFLATE_SHORT_OUTPUT);
    CONST(LIBDEFLATE_INSUFFICIENT_SPACE);
#ifdef WITH_SIGNATURES
    SIZE(enum libdeflate_result);
    SIGNATURE(libdeflate_alloc_compressor, struct libdeflate_compressor *(*)(int));
    SIGNATURE(libdeflate_zlib_compress, size_t (*)(struct libdeflate_compressor *, const void *, size_t, void *, size_t));
    SIGNATURE(libdeflate_free_compressor, void (*)(struct libdeflate_compressor *));
    SIGNATURE(libdeflate_alloc_decompressor, struct libdeflate_decompressor *(*)(void));
    SIGNATURE(libdeflate_zlib_decompress, enum libdeflate_result (*)(struct libdeflate_decompressor *, const void *,
                                                                   size_t, void *, size_t, size_t *));
    SIGNATURE(libdeflate_free_decompressor, void (*)(struct libdeflate_decompressor *));
    SIGNATURE(libdeflate_adler32, uint32_t (*)(uint32_t, const void *, size_t));
#endif
#endif
    return 0;
}
