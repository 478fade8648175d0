/*
 * Hand-run self-test of the device emulators (not wired into Maven):
 *
 *   d=native-bridge/target/emulators
 *   gcc -O1 -g -Wall -Werror -pthread -o /tmp/emulator_selftest native-bridge/src/test/c/emulator_selftest.c \
 *       -L$d -l:libqatzip.so.3 -l:libqpl.so -Wl,-rpath,$d -lz
 *   /tmp/emulator_selftest            # full run
 *   valgrind --leak-check=full --error-exitcode=9 /tmp/emulator_selftest quick
 *
 * Structs are re-declared here, independently of the emulators (VendorAbiTest checks the emulators' copies against the
 * Java bindings' constants, and those constants against the vendors' headers when the vendor libraries are present).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---- QATzip ABI */
typedef struct { long hw_session_stat; int thd_sess_stat; void *internal; unsigned long total_in, total_out; } QzSession_T;
typedef struct {
    int direction; unsigned comp_lvl; unsigned char comp_algorithm; unsigned max_forks; unsigned char sw_backup;
    unsigned hw_buff_sz, strm_buff_sz, input_sz_thrshold, req_cnt_thrshold, wait_cnt_thrshold;
    int polling_mode; unsigned is_sensitive_mode;
} QzSessionParamsCommon_T;
typedef struct { QzSessionParamsCommon_T common_params; int huffman_hdr; int data_fmt; } QzSessionParamsDeflate_T;
typedef struct { QzSessionParamsDeflate_T deflate_params; unsigned char stop_decompression_stream_end, zlib_format; } QzSessionParamsDeflateExt_T;
int qzInit(QzSession_T *, unsigned char);
int qzSetupSessionDeflate(QzSession_T *, QzSessionParamsDeflate_T *);
int qzSetupSessionDeflateExt(QzSession_T *, QzSessionParamsDeflateExt_T *);
int qzGetDefaultsDeflate(QzSessionParamsDeflate_T *);
int qzGetDefaultsDeflateExt(QzSessionParamsDeflateExt_T *);
int qzCompress(QzSession_T *, const unsigned char *, unsigned *, unsigned char *, unsigned *, unsigned);
int qzDecompress(QzSession_T *, const unsigned char *, unsigned *, unsigned char *, unsigned *);
int qzGetDeflateEndOfStream(QzSession_T *, unsigned char *);
unsigned qzMaxCompressedLength(unsigned, QzSession_T *);
int qzTeardownSession(QzSession_T *);
int qzClose(QzSession_T *);
int qatzip_emulator_configure(const char *);
unsigned long qatzip_emulator_count(const char *);

/* ---- QPL ABI (offsets from the spec; only what the test touches) */
#define J_NEXT_IN 0
#define J_AVAIL_IN 8
#define J_TOTAL_IN 12
#define J_NEXT_OUT 16
#define J_AVAIL_OUT 24
#define J_TOTAL_OUT 28
#define J_OP 32
#define J_FLAGS 36
#define J_CRC 40
#define J_LEVEL 52
#define J_NUMA 188
int qpl_get_job_size(int, uint32_t *);
int qpl_init_job(int, void *);
int qpl_execute_job(void *);
int qpl_submit_job(void *);
int qpl_wait_job(void *);
int qpl_check_job(void *);
int qpl_fini_job(void *);
int qpl_emulator_configure(const char *);
unsigned long qpl_emulator_count(const char *);

#define F_FIRST 0x1u
#define F_LAST 0x2u
#define F_DYN 0x2000u
#define F_OMIT_VERIFY 0x4000u
#define F_ZLIB 0x80000u

static int failures, checks;
#define CHECK(cond, ...) do { checks++; if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static int quick;

/* ---------------------------------------------------------------- data */

static unsigned char *text_data(size_t n, unsigned seed)
{
    static const char *words[] = { "cassandra ", "deflate ", "partition ", "sstable ", "row ", "column ",
                                   "compaction ", "token ", "42 ", "commitlog ", "\n" };
    unsigned char *p = malloc(n);
    size_t i = 0;
    while (i < n) {
        seed = seed * 1103515245u + 12345u;
        const char *w = words[(seed >> 16) % 11];
        for (size_t k = 0; w[k] && i < n; k++) p[i++] = (unsigned char) w[k];
    }
    return p;
}

/* Random 20000 bytes repeated: deflate at 32 KiB window must use distances of 20000. */
static unsigned char *far_repeat_data(size_t n)
{
    unsigned char *p = malloc(n);
    unsigned s = 7;
    for (size_t i = 0; i < n; i++) {
        if (i < 20000) { s = s * 1103515245u + 12345u; p[i] = (unsigned char) (s >> 16); }
        else p[i] = p[i - 20000];
    }
    return p;
}

static int zinflate(const unsigned char *src, size_t n, unsigned char *out, size_t cap, int wbits,
                    size_t *produced, size_t *consumed)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, wbits) != Z_OK) return -99;
    z.next_in = (Bytef *) src; z.avail_in = (uInt) n; z.next_out = out; z.avail_out = (uInt) cap;
    int rc = inflate(&z, Z_FINISH);
    *produced = z.total_out;
    if (consumed) *consumed = z.total_in;
    inflateEnd(&z);
    return rc;
}

/* ---------------------------------------------------------------- QATzip */

static QzSessionParamsDeflateExt_T qz_params(unsigned lvl, unsigned hw_buff, int zlib, unsigned char sw_backup)
{
    QzSessionParamsDeflateExt_T p;
    qzGetDefaultsDeflateExt(&p);
    p.deflate_params.data_fmt = 3;
    p.deflate_params.common_params.comp_lvl = lvl;
    p.deflate_params.common_params.hw_buff_sz = hw_buff;
    p.deflate_params.common_params.sw_backup = sw_backup;
    p.zlib_format = (unsigned char) zlib;
    return p;
}

static int qz_open(QzSession_T *s, QzSessionParamsDeflateExt_T *p)
{
    memset(s, 0, sizeof *s);
    int rc = qzInit(s, p->deflate_params.common_params.sw_backup);
    if (rc != 0 && rc != 1) return rc;
    return qzSetupSessionDeflateExt(s, p);
}

static void test_qatzip_basic(void)
{
    CHECK(qatzip_emulator_configure("device=1") == 0, "configure");
    QzSession_T s1, s2;
    memset(&s1, 0, sizeof s1);
    memset(&s2, 0, sizeof s2);
    int rc1 = qzInit(&s1, 0), rc2 = qzInit(&s2, 0);
    CHECK(rc1 == 0 && s1.hw_session_stat == 0, "first qzInit: %d stat %ld", rc1, s1.hw_session_stat);
    CHECK(rc2 == 1 && s2.hw_session_stat == 0, "second qzInit QZ_DUPLICATE: %d", rc2);
    CHECK(qatzip_emulator_count("sessions_open") == 2, "2 sessions open");
    qzClose(&s1);
    qzTeardownSession(&s2);
    qzClose(&s2);
    CHECK(s2.internal == NULL, "internal freed");
    CHECK(qatzip_emulator_count("sessions_open") == 0, "0 sessions open");

    /* parameter checks */
    QzSession_T s;
    struct { unsigned hb, thr, req; unsigned char swb; unsigned lvl; int fmt; int want; } cases[] = {
        { 65536, 1024, 32, 0, 6, 3, 0 }, { 1000, 1024, 32, 0, 6, 3, -1 }, { 3072, 1024, 32, 0, 6, 3, -1 },
        { 1024, 1024, 32, 0, 6, 3, 0 }, { 524288, 1024, 32, 0, 6, 3, 0 }, { 1048576, 1024, 32, 0, 6, 3, -1 },
        { 512, 1024, 32, 0, 6, 3, -1 }, { 65536, 127, 32, 0, 6, 3, -1 }, { 65536, 128, 32, 0, 6, 3, 0 },
        { 65536, 1024, 0, 0, 6, 3, -1 }, { 65536, 1024, 33, 0, 6, 3, -1 }, { 65536, 1024, 1, 0, 6, 3, 0 },
        { 65536, 1024, 32, 2, 6, 3, -1 }, { 65536, 1024, 32, 0, 0, 3, -1 }, { 65536, 1024, 32, 0, 12, 3, 0 },
        { 65536, 1024, 32, 0, 13, 3, -1 }, { 65536, 1024, 32, 0, 6, 1, -116 }, { 65536, 1024, 32, 0, 6, 4, -1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        QzSessionParamsDeflateExt_T p = qz_params(cases[i].lvl, cases[i].hb, 1, cases[i].swb);
        p.deflate_params.common_params.input_sz_thrshold = cases[i].thr;
        p.deflate_params.common_params.req_cnt_thrshold = cases[i].req;
        p.deflate_params.data_fmt = cases[i].fmt;
        memset(&s, 0, sizeof s);
        int rc = qzSetupSessionDeflateExt(&s, &p);
        CHECK(rc == cases[i].want, "param case %zu: got %d want %d", i, rc, cases[i].want);
        qzTeardownSession(&s);
    }
    /* non-Ext setup: comp_lvl 10 invalid, 9 valid */
    QzSessionParamsDeflate_T d;
    qzGetDefaultsDeflate(&d);
    CHECK(d.common_params.hw_buff_sz == 65536 && d.common_params.comp_algorithm == 8 && d.data_fmt == 2, "defaults");
    d.data_fmt = 3;
    d.common_params.comp_lvl = 10;
    memset(&s, 0, sizeof s);
    CHECK(qzSetupSessionDeflate(&s, &d) == -1, "plain comp_lvl 10 rejected");
    d.common_params.comp_lvl = 9;
    CHECK(qzSetupSessionDeflate(&s, &d) == 0, "plain comp_lvl 9 accepted");
    qzTeardownSession(&s);
    CHECK(qatzip_emulator_count("sessions_open") == 0, "0 sessions open after param checks");

    /* device absent */
    CHECK(qatzip_emulator_configure("device=0") == 0, "configure device=0");
    memset(&s, 0, sizeof s);
    CHECK(qzInit(&s, 0) == -101, "no device, no sw: QZ_NOSW_NO_HW");
    CHECK(s.internal == NULL, "nothing allocated");
    CHECK(qzInit(&s, 1) == 0 && s.hw_session_stat == 11, "no device, sw: QZ_OK + QZ_NO_HW (%ld)", s.hw_session_stat);
    qzClose(&s);
    CHECK(qatzip_emulator_configure("device=1") == 0, "configure device=1");
    CHECK(qatzip_emulator_configure("bogus=1") == -1, "bad key");
    CHECK(qatzip_emulator_configure("error_rate=1.5") == -1, "bad rate");
    CHECK(qatzip_emulator_configure("error_rate=0.6,busy_rate=0.6") == -1, "rates sum > 1");
    CHECK(qatzip_emulator_configure("device=2") == -1, "bad device");
    CHECK(qatzip_emulator_count("nope") == (unsigned long) -1, "unknown counter");
}

static void test_qatzip_data(void)
{
    qatzip_emulator_configure("device=1");
    size_t n = 50000;
    unsigned char *in = text_data(n, 1), *out = malloc(4 * n + 1024), *back = malloc(4 * n);
    QzSession_T s;
    QzSessionParamsDeflateExt_T p = qz_params(6, 65536, 1, 0);
    CHECK(qz_open(&s, &p) == 0, "open");
    unsigned sl = (unsigned) n, dl = qzMaxCompressedLength((unsigned) n, &s);
    CHECK(dl >= compressBound(n), "max length %u >= compressBound", dl);
    int rc = qzCompress(&s, in, &sl, out, &dl, 1);
    CHECK(rc == 0 && sl == n && dl > 2 && out[0] == 0x78 && out[1] == 0x9c, "zlib compress: rc %d hdr %02x %02x", rc, out[0], out[1]);
    uLongf bl = n;
    CHECK(uncompress(back, &bl, out, dl) == Z_OK && bl == n && memcmp(back, in, n) == 0, "zlib uncompress of QAT output");
    unsigned clen = dl;
    /* decompress with the emulator */
    sl = clen; dl = (unsigned) n;
    rc = qzDecompress(&s, out, &sl, back, &dl);
    unsigned char eos = 9;
    qzGetDeflateEndOfStream(&s, &eos);
    CHECK(rc == 0 && sl == clen && dl == n && memcmp(back, in, n) == 0 && eos == 1, "qzDecompress: rc %d sl %u dl %u eos %d", rc, sl, dl, eos);
    CHECK(s.total_in == n + clen && s.total_out == clen + n, "session totals");
    /* output too small */
    sl = clen; dl = (unsigned) n - 1;
    rc = qzDecompress(&s, out, &sl, back, &dl);
    CHECK(rc == -3 && sl == 0 && dl == 0, "decompress overflow: %d", rc);
    sl = (unsigned) n; dl = 100;
    rc = qzCompress(&s, in, &sl, out + 3 * n, &dl, 1);
    CHECK(rc == -3 && sl == 0 && dl == 0, "compress overflow: %d", rc);
    /* truncated: OK, eos 0, then continue */
    sl = clen / 2; dl = (unsigned) n;
    rc = qzDecompress(&s, out, &sl, back, &dl);
    qzGetDeflateEndOfStream(&s, &eos);
    CHECK(rc == 0 && sl == clen / 2 && eos == 0 && dl < n, "truncated: rc %d sl %u dl %u eos %d", rc, sl, dl, eos);
    unsigned got = dl, sl2 = clen - clen / 2, dl2 = (unsigned) n - got;
    rc = qzDecompress(&s, out + clen / 2, &sl2, back + got, &dl2);
    qzGetDeflateEndOfStream(&s, &eos);
    CHECK(rc == 0 && eos == 1 && got + dl2 == n && memcmp(back, in, n) == 0, "continued: rc %d eos %d", rc, eos);
    /* corrupt data */
    memcpy(out + 3 * n, out, clen);
    for (unsigned i = 10; i < clen - 10; i += 7) out[3 * n + i] ^= 0x55;
    sl = clen; dl = (unsigned) n;
    rc = qzDecompress(&s, out + 3 * n, &sl, back, &dl);
    CHECK(rc == -4 && sl == 0 && dl == 0, "corrupt data: QZ_DATA_ERROR (%d)", rc);
    /* bad header / FDICT on hardware, sw_backup 0 -> QZ_FAIL */
    unsigned char bad[16];
    memcpy(bad, out, 16);
    bad[1] = 0x9d;
    sl = 16; dl = (unsigned) n;
    CHECK(qzDecompress(&s, bad, &sl, back, &dl) == -2, "bad FCHECK -> QZ_FAIL");
    bad[0] = 0x78; bad[1] = 0xbb;   /* FDICT set, FCHECK valid: 0x78bb % 31 == 0 */
    sl = 16; dl = (unsigned) n;
    CHECK(qzDecompress(&s, bad, &sl, back, &dl) == -2, "FDICT -> QZ_FAIL");
    bad[0] = 0x88; bad[1] = 0x1c;   /* CINFO 8: 0x881c % 31 == 0 */
    sl = 16; dl = (unsigned) n;
    CHECK(qzDecompress(&s, bad, &sl, back, &dl) == -2, "CINFO 8 -> QZ_FAIL");
    qzTeardownSession(&s);
    /* sw_backup=1: header rejected by "hardware" goes to software, which cannot do FDICT */
    p = qz_params(6, 65536, 1, 1);
    qz_open(&s, &p);
    bad[0] = 0x78; bad[1] = 0xbb;
    sl = 16; dl = (unsigned) n;
    CHECK(qzDecompress(&s, bad, &sl, back, &dl) == -4, "FDICT with sw_backup -> QZ_DATA_ERROR");
    qzTeardownSession(&s);

    /* level 12 clamps to 9; java-style 78 9C input decodes */
    p = qz_params(12, 65536, 1, 0);
    CHECK(qz_open(&s, &p) == 0, "level 12 open");
    sl = (unsigned) n; dl = (unsigned) (2 * n);
    rc = qzCompress(&s, in, &sl, out, &dl, 1);
    unsigned c9 = dl;
    uLongf zl = compressBound(n);
    unsigned char *ref = malloc(zl);
    compress2(ref, &zl, in, n, 9);
    CHECK(rc == 0 && c9 == zl, "level 12 == zlib level 9 size (%u vs %lu)", c9, zl);
    sl = (unsigned) zl; dl = (unsigned) n;
    rc = qzDecompress(&s, ref, &sl, back, &dl);
    CHECK(rc == 0 && dl == n && memcmp(back, in, n) == 0, "decompress zlib-made stream");
    qzTeardownSession(&s);

    /* splitting: 200 KB at hw_buff_sz 64 KiB -> 4 zlib streams */
    size_t big = 200000;
    unsigned char *bin = text_data(big, 3), *bout = malloc(2 * big), *bback = malloc(big + 10);
    unsigned long splits0 = qatzip_emulator_count("split_calls");
    p = qz_params(1, 65536, 1, 0);
    qz_open(&s, &p);
    sl = (unsigned) big; dl = (unsigned) (2 * big);
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    CHECK(rc == 0 && qatzip_emulator_count("split_calls") == splits0 + 1, "split counted");
    size_t prod, cons;
    int zrc = zinflate(bout, dl, bback, big, 15, &prod, &cons);
    CHECK(zrc == Z_STREAM_END && prod == 65536 && cons < dl, "first stream holds only hw_buff_sz bytes (%zu)", prod);
    unsigned bl2 = dl;
    sl = bl2; dl = (unsigned) big;
    rc = qzDecompress(&s, bout, &sl, bback, &dl);
    CHECK(rc == 0 && sl == bl2 && dl == big && memcmp(bback, bin, big) == 0, "emulator decodes concatenated streams");
    qzTeardownSession(&s);
    p.stop_decompression_stream_end = 1;
    qz_open(&s, &p);
    sl = bl2; dl = (unsigned) big;
    rc = qzDecompress(&s, bout, &sl, bback, &dl);
    qzGetDeflateEndOfStream(&s, &eos);
    CHECK(rc == 0 && dl == 65536 && sl == cons && eos == 1, "stop at stream end: dl %u", dl);
    qzTeardownSession(&s);
    /* raw + split -> one raw stream */
    p = qz_params(6, 65536, 0, 0);
    qz_open(&s, &p);
    sl = (unsigned) big; dl = (unsigned) (2 * big);
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    zrc = zinflate(bout, dl, bback, big, -15, &prod, &cons);
    CHECK(rc == 0 && zrc == Z_STREAM_END && prod == big && cons == dl && memcmp(bback, bin, big) == 0, "raw split is one stream");
    unsigned rl = dl;
    sl = rl; dl = (unsigned) big;
    rc = qzDecompress(&s, bout, &sl, bback, &dl);
    CHECK(rc == 0 && dl == big && memcmp(bback, bin, big) == 0, "raw decompress");
    qzTeardownSession(&s);
    /* software session: no split */
    qatzip_emulator_configure("device=0");
    p = qz_params(1, 65536, 1, 1);
    CHECK(qz_open(&s, &p) == 0 && s.hw_session_stat == 11, "sw session");
    sl = (unsigned) big; dl = (unsigned) (2 * big);
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    zrc = zinflate(bout, dl, bback, big, 15, &prod, &cons);
    CHECK(rc == 0 && zrc == Z_STREAM_END && prod == big && bout[1] == 0x9c, "sw: one stream");
    qzTeardownSession(&s);
    /* hardware session, input below threshold -> software, no split (hw_buff 1 KiB, input 1000) */
    qatzip_emulator_configure("device=1");
    p = qz_params(1, 1024, 1, 0);
    p.deflate_params.common_params.input_sz_thrshold = 2048;
    qz_open(&s, &p);
    sl = 2000; dl = (unsigned) big;
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    zrc = zinflate(bout, dl, bback, big, 15, &prod, &cons);
    CHECK(rc == 0 && prod == 2000 && cons == dl, "below threshold: one stream");
    qzTeardownSession(&s);

    /* copy_only: stored blocks, still valid, header 78 9C, decompressible */
    qatzip_emulator_configure("copy_only=1");
    p = qz_params(6, 524288, 1, 0);
    qz_open(&s, &p);
    sl = (unsigned) big; dl = qzMaxCompressedLength((unsigned) big, &s);
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    bl = big;
    CHECK(rc == 0 && dl > big && bout[0] == 0x78 && bout[1] == 0x9c && uncompress(bback, &bl, bout, dl) == Z_OK
          && bl == big && memcmp(bback, bin, big) == 0, "copy_only zlib stream valid (rc %d dl %u)", rc, dl);
    unsigned cl = dl;
    sl = cl; dl = (unsigned) big;
    rc = qzDecompress(&s, bout, &sl, bback, &dl);
    CHECK(rc == 0 && dl == big && memcmp(bback, bin, big) == 0, "copy_only stream decompresses");
    sl = 0; dl = 100;
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    bl = 10;
    CHECK(rc == 0 && uncompress(bback, &bl, bout, dl) == Z_OK && bl == 0, "copy_only empty input");
    qzTeardownSession(&s);
    qatzip_emulator_configure("");
    /* empty input, normal mode */
    p = qz_params(6, 65536, 1, 0);
    qz_open(&s, &p);
    sl = 0; dl = 100;
    rc = qzCompress(&s, bin, &sl, bout, &dl, 1);
    bl = 10;
    CHECK(rc == 0 && bout[0] == 0x78 && bout[1] == 0x9c && uncompress(bback, &bl, bout, dl) == Z_OK && bl == 0, "empty input");
    sl = (unsigned) n; dl = (unsigned) n;
    CHECK(qzCompress(&s, in, &sl, out, &dl, 0) == -200, "last=0 not emulated");
    qzTeardownSession(&s);
    CHECK(qatzip_emulator_count("sessions_open") == 0, "no sessions leaked");
    free(in); free(out); free(back); free(ref); free(bin); free(bout); free(bback);
}

static void test_qatzip_faults(void)
{
    size_t n = 4000;
    int iters = quick ? 400 : 20000;
    unsigned char *in = text_data(n, 5), *out = malloc(2 * n), *back = malloc(n);
    QzSession_T s;
    QzSessionParamsDeflateExt_T p = qz_params(1, 65536, 1, 0);
    CHECK(qatzip_emulator_configure("seed=42,error_rate=0.1,busy_rate=0.05,overflow_rate=0.05,truncate_rate=0.1,corrupt_rate=0.1,error_code=-7,reset_counts=1") == 0, "configure faults");
    qz_open(&s, &p);
    int err = 0, busy = 0, ovf = 0, silently_wrong = 0, ok = 0, other = 0;
    for (int i = 0; i < iters; i++) {
        unsigned sl = (unsigned) n, dl = (unsigned) (2 * n);
        int rc = qzCompress(&s, in, &sl, out, &dl, 1);
        if (rc == -7) err++;
        else if (rc == -5) busy++;
        else if (rc == -3) ovf++;
        else if (rc == 0) {
            uLongf bl = n;
            int zr = uncompress(back, &bl, out, dl);
            if (zr != Z_OK || bl != n || memcmp(back, in, n) != 0) silently_wrong++;
            else ok++;
        } else other++;
    }
    double N = iters;
    printf("qatzip faults over %d compress calls: error %.3f busy %.3f overflow %.3f silently-wrong %.3f ok %.3f\n",
           iters, err / N, busy / N, ovf / N, silently_wrong / N, ok / N);
    unsigned long faults = qatzip_emulator_count("faults");
    CHECK(other == 0, "no unexpected codes");
    CHECK(qatzip_emulator_count("calls") == (unsigned long) iters, "calls counted (%lu)", qatzip_emulator_count("calls"));
    CHECK(faults == (unsigned long) (err + busy + ovf) + qatzip_emulator_count("faults_truncate") + qatzip_emulator_count("faults_corrupt"), "faults counted");
    CHECK(qatzip_emulator_count("faults_error") == (unsigned long) err && qatzip_emulator_count("faults_busy") == (unsigned long) busy, "per kind");
    if (!quick) {
        CHECK(err / N > 0.09 && err / N < 0.11, "error rate");
        CHECK(busy / N > 0.04 && busy / N < 0.06, "busy rate");
        CHECK(ovf / N > 0.04 && ovf / N < 0.06, "overflow rate");
        /* a flipped byte inside a compressed stream may (rarely) still decode right: allow slack */
        CHECK(silently_wrong / N > 0.17 && silently_wrong / N < 0.21, "truncate+corrupt rate %.3f", silently_wrong / N);
    }
    /* decompress faults: truncated output / corrupted output are OK-but-wrong */
    qatzip_emulator_configure("");
    unsigned sl = (unsigned) n, dl = (unsigned) (2 * n);
    qzCompress(&s, in, &sl, out, &dl, 1);
    unsigned clen = dl;
    qatzip_emulator_configure("truncate_rate=1");
    sl = clen; dl = (unsigned) n;
    int rc = qzDecompress(&s, out, &sl, back, &dl);
    CHECK(rc == 0 && dl == n / 2, "decompress truncate fault: rc %d dl %u", rc, dl);
    qatzip_emulator_configure("corrupt_rate=1");
    sl = clen; dl = (unsigned) n;
    rc = qzDecompress(&s, out, &sl, back, &dl);
    CHECK(rc == 0 && dl == n && memcmp(back, in, n) != 0 && back[n / 2] == (in[n / 2] ^ 0xff), "decompress corrupt fault");
    qatzip_emulator_configure("error_rate=1");
    sl = clen; dl = (unsigned) n;
    rc = qzDecompress(&s, out, &sl, back, &dl);
    CHECK(rc == -2 && sl == 0 && dl == 0, "default error code QZ_FAIL (%d)", rc);
    qatzip_emulator_configure("busy_rate=1");
    sl = clen; dl = (unsigned) n;
    CHECK(qzDecompress(&s, out, &sl, back, &dl) == -5, "busy -> QZ_TIMEOUT");
    qatzip_emulator_configure("overflow_rate=1");
    sl = clen; dl = (unsigned) n;
    CHECK(qzDecompress(&s, out, &sl, back, &dl) == -3 && sl == 0 && dl == 0, "overflow -> QZ_BUF_ERROR");
    qatzip_emulator_configure("");
    qzTeardownSession(&s);
    free(in); free(out); free(back);
}

/* ---------------------------------------------------------------- QPL */

#define U32(j, off) (*(uint32_t *) ((unsigned char *) (j) + (off)))
#define I32(j, off) (*(int32_t *) ((unsigned char *) (j) + (off)))
#define PTR(j, off) (*(unsigned char **) ((unsigned char *) (j) + (off)))

static void *new_job(int path, int *rc)
{
    uint32_t size = 0;
    qpl_get_job_size(path, &size);
    void *j = calloc(1, size);
    *rc = qpl_init_job(path, j);
    return j;
}

static int qpl_run(void *j, int op, uint32_t flags, const unsigned char *in, uint32_t n, unsigned char *out, uint32_t cap)
{
    PTR(j, J_NEXT_IN) = (unsigned char *) in;
    U32(j, J_AVAIL_IN) = n;
    PTR(j, J_NEXT_OUT) = out;
    U32(j, J_AVAIL_OUT) = cap;
    I32(j, J_OP) = op;
    U32(j, J_FLAGS) = flags;
    return qpl_execute_job(j);
}

static void test_qpl(void)
{
    qpl_emulator_configure("device=1,reset_counts=1");
    uint32_t size = 0;
    CHECK(qpl_get_job_size(1, &size) == 0 && size > 240, "job size %u", size);
    int rc;
    void *j = new_job(1, &rc);
    CHECK(rc == 0 && I32(j, J_NUMA) == -1 && I32(j, J_LEVEL) == 1, "init hw");
    CHECK(qpl_emulator_count("jobs_open") == 1, "1 job open");

    size_t n = 100000;
    unsigned char *in = text_data(n, 9), *out = malloc(2 * n), *back = malloc(n + 16);
    const uint32_t C = F_FIRST | F_LAST | F_ZLIB | F_DYN | F_OMIT_VERIFY;
    rc = qpl_run(j, 1, C, in, (uint32_t) n, out, (uint32_t) (2 * n));
    uint32_t clen = U32(j, J_TOTAL_OUT);
    CHECK(rc == 0 && U32(j, J_TOTAL_IN) == n && out[0] == 0x48 && out[1] == 0x0d, "qpl compress: rc %d hdr %02x %02x", rc, out[0], out[1]);
    CHECK(U32(j, J_CRC) == (uint32_t) crc32(0, in, (uInt) n), "crc field");
    size_t prod, cons;
    int zrc = zinflate(out, clen, back, n, 15, &prod, &cons);
    CHECK(zrc == Z_STREAM_END && prod == n && cons == clen && memcmp(back, in, n) == 0, "decodes with windowBits 15");
    zrc = zinflate(out, clen, back, n, 12, &prod, &cons);
    CHECK(zrc == Z_STREAM_END && prod == n, "decodes with windowBits 12");
    uLongf bl = n;
    CHECK(uncompress(back, &bl, out, clen) == Z_OK && bl == n, "uncompress()");
    /* fixed Huffman (no DYNAMIC flag) and high level also valid */
    rc = qpl_run(j, 1, F_FIRST | F_LAST | F_ZLIB, in, (uint32_t) n, out + n, (uint32_t) n);
    uint32_t fixed_len = U32(j, J_TOTAL_OUT);
    bl = n;
    CHECK(rc == 0 && uncompress(back, &bl, out + n, fixed_len) == Z_OK && bl == n && fixed_len > clen, "fixed huffman larger & valid");
    I32(j, J_LEVEL) = 3;
    rc = qpl_run(j, 1, C, in, (uint32_t) n, out + n, (uint32_t) n);
    bl = n;
    CHECK(rc == 0 && uncompress(back, &bl, out + n, U32(j, J_TOTAL_OUT)) == Z_OK && bl == n && U32(j, J_TOTAL_OUT) < clen, "high level valid & smaller");
    I32(j, J_LEVEL) = 1;

    /* decompress own output */
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen, back, (uint32_t) n);
    CHECK(rc == 0 && U32(j, J_TOTAL_OUT) == n && U32(j, J_TOTAL_IN) == clen && memcmp(back, in, n) == 0, "qpl decompress own: rc %d", rc);
    /* trailing garbage is left unconsumed */
    memcpy(out + clen, "XYZ", 3);
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen + 3, back, (uint32_t) n);
    CHECK(rc == 0 && U32(j, J_TOTAL_IN) == clen, "total_in stops at stream end");
    /* output too small, truncated input */
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen, back, (uint32_t) n - 1);
    CHECK(rc == 2, "decompress output too small -> 2 (%d)", rc);
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen - 10, back, (uint32_t) n);
    CHECK(rc == 3, "truncated -> 3 (%d)", rc);
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen - 2, back, (uint32_t) n);
    CHECK(rc == 3, "truncated trailer -> 3 (%d)", rc);
    rc = qpl_run(j, 1, C, in, (uint32_t) n, out + n, 1000);
    CHECK(rc == 2, "compress output too small -> 2 (%d)", rc);
    /* bad header, FDICT, adler mismatch */
    unsigned char hdr[64];
    memcpy(hdr, out, 64);
    hdr[1] = 0x0e;
    CHECK(qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, hdr, 64, back, (uint32_t) n) == 104, "bad header -> 104");
    hdr[0] = 0x78; hdr[1] = 0xbb;
    CHECK(qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, hdr, 64, back, (uint32_t) n) == 84, "FDICT -> 84");
    memcpy(out + 2 * n - clen, out, clen);
    out[2 * n - 1] ^= 1;
    CHECK(qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out + 2 * n - clen, clen, back, (uint32_t) n) == 104, "adler mismatch -> 104");

    /* 32 KiB-window stream with long distances -> 217; same data, stored (no distances) -> OK */
    size_t fn = 60000;
    unsigned char *far = far_repeat_data(fn), *fz = malloc(2 * fn), *fback = malloc(fn);
    uLongf fzl = compressBound(fn);
    compress2(fz, &fzl, far, fn, 6);
    CHECK(fz[0] == 0x78 && fzl < 30000, "reference stream uses long matches (%lu bytes)", fzl);
    unsigned long bd0 = qpl_emulator_count("bad_dist");
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, fz, (uint32_t) fzl, fback, (uint32_t) fn);
    CHECK(rc == 217 && qpl_emulator_count("bad_dist") == bd0 + 1, "long distances -> BAD_DIST_ERR 217 (got %d)", rc);
    fzl = compressBound(fn);
    compress2(fz, &fzl, far, fn, 0);
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, fz, (uint32_t) fzl, fback, (uint32_t) fn);
    CHECK(rc == 0 && U32(j, J_TOTAL_OUT) == fn && memcmp(fback, far, fn) == 0, "78 01 stored stream decodes");
    /* emulator's own compression of that data respects the 4 KiB window */
    rc = qpl_run(j, 1, C, far, (uint32_t) fn, fz, (uint32_t) (2 * fn));
    uint32_t ql = U32(j, J_TOTAL_OUT);
    rc = rc ? rc : qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, fz, ql, fback, (uint32_t) fn);
    CHECK(rc == 0 && memcmp(fback, far, fn) == 0 && ql > fn, "own output round-trips (len %u, no long matches)", ql);
    CHECK(ql > compressBound(fn), "4 KiB-window output of this data exceeds compressBound (%u > %lu)", ql, compressBound(fn));
    /* raw mode */
    rc = qpl_run(j, 1, F_FIRST | F_LAST | F_DYN, in, (uint32_t) n, out, (uint32_t) n);
    uint32_t rawlen = U32(j, J_TOTAL_OUT);
    zrc = zinflate(out, rawlen, back, n, -15, &prod, &cons);
    CHECK(rc == 0 && zrc == Z_STREAM_END && prod == n, "raw compress");
    rc = qpl_run(j, 0, F_FIRST | F_LAST, out, rawlen, back, (uint32_t) n);
    CHECK(rc == 0 && U32(j, J_TOTAL_OUT) == n && memcmp(back, in, n) == 0, "raw decompress");
    /* unsupported */
    CHECK(qpl_run(j, 1, F_FIRST | F_ZLIB, in, 100, out, 1000) == 8, "no LAST -> 8");
    CHECK(qpl_run(j, 1, F_FIRST | F_LAST | 0x8, in, 100, out, 1000) == 8, "GZIP -> 8");
    CHECK(qpl_run(j, 7, F_FIRST | F_LAST, in, 100, out, 1000) == 8, "op 7 -> 8");

    /* transfer limit */
    size_t big = (2u << 20) + 1;
    unsigned char *bin = text_data(big, 11), *bout = malloc(big);
    rc = qpl_run(j, 1, C, bin, (uint32_t) big, bout, 1u << 20);
    CHECK(rc == 58, "hw available_in > 2 MiB -> 58 (%d)", rc);
    rc = qpl_run(j, 1, C, bin, 1u << 20, bout, (uint32_t) big);
    CHECK(rc == 58, "hw available_out > 2 MiB -> 58 (%d)", rc);
    rc = qpl_run(j, 1, C, bin, 2u << 20, bout, 2u << 20);
    CHECK(rc == 0, "exactly 2 MiB allowed (%d)", rc);
    /* submit / wait / check */
    PTR(j, J_NEXT_IN) = in; U32(j, J_AVAIL_IN) = (uint32_t) n; PTR(j, J_NEXT_OUT) = out; U32(j, J_AVAIL_OUT) = (uint32_t) n;
    I32(j, J_OP) = 1; U32(j, J_FLAGS) = C;
    CHECK(qpl_submit_job(j) == 0 && qpl_check_job(j) == 0 && qpl_wait_job(j) == 0 && U32(j, J_TOTAL_OUT) == clen, "submit/check/wait");
    U32(j, J_AVAIL_OUT) = 10;
    CHECK(qpl_submit_job(j) == 0 && qpl_wait_job(j) == 2, "async error reported by wait");
    U32(j, J_AVAIL_IN) = 3u << 20;
    CHECK(qpl_submit_job(j) == 58 && qpl_wait_job(j) == 58, "submit-time error");
    CHECK(qpl_fini_job(j) == 0 && qpl_emulator_count("jobs_open") == 0, "fini");
    CHECK(qpl_fini_job(j) == 0 && qpl_emulator_count("jobs_open") == 0, "double fini harmless");
    free(j);

    /* software path: no limit, always available; device absent */
    qpl_emulator_configure("device=0");
    j = new_job(1, &rc);
    CHECK(rc == 500 && qpl_emulator_count("jobs_open") == 0, "hw init without device -> 500 (%d)", rc);
    free(j);
    unsigned long sw0 = qpl_emulator_count("sw_calls");
    j = new_job(0, &rc);
    CHECK(rc == 0, "auto path without device -> ok");
    rc = qpl_run(j, 1, C, bin, (uint32_t) big, bout, (uint32_t) big);
    uint32_t bc = U32(j, J_TOTAL_OUT);
    CHECK(rc == 0 && qpl_emulator_count("sw_calls") == sw0 + 1, "auto=software, no 2 MiB limit");
    unsigned char *bback = malloc(big);
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, bout, bc, bback, (uint32_t) big);
    CHECK(rc == 0 && memcmp(bback, bin, big) == 0, "sw 2 MiB+1 round trip");
    qpl_fini_job(j);
    free(j);
    j = new_job(2, &rc);
    CHECK(rc == 0, "software path without device");
    /* copy_only */
    qpl_emulator_configure("device=0,copy_only=1");
    rc = qpl_run(j, 1, C, in, (uint32_t) n, out, (uint32_t) (2 * n));
    clen = U32(j, J_TOTAL_OUT);
    bl = n;
    CHECK(rc == 0 && out[0] == 0x48 && out[1] == 0x0d && clen > n && uncompress(back, &bl, out, clen) == Z_OK && bl == n
          && memcmp(back, in, n) == 0, "copy_only valid 48 0D stored stream");
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen, back, (uint32_t) n);
    CHECK(rc == 0 && U32(j, J_TOTAL_OUT) == n && memcmp(back, in, n) == 0, "copy_only stream decompresses");
    qpl_emulator_configure("");
    /* re-init of a live job does not leak or double count */
    CHECK(qpl_init_job(2, j) == 0 && qpl_emulator_count("jobs_open") == 1, "re-init");
    qpl_fini_job(j);
    free(j);
    CHECK(qpl_emulator_count("jobs_open") == 0, "no jobs leaked");
    free(in); free(out); free(back); free(far); free(fz); free(fback); free(bin); free(bout); free(bback);
}

static void test_qpl_faults(void)
{
    int iters = quick ? 400 : 20000;
    size_t n = 4000;
    unsigned char *in = text_data(n, 13), *out = malloc(2 * n), *back = malloc(n);
    CHECK(qpl_emulator_configure("seed=7,error_rate=0.2,busy_rate=0.1,overflow_rate=0.1,truncate_rate=0.05,corrupt_rate=0.05,reset_counts=1") == 0, "configure");
    int rc;
    void *j = new_job(1, &rc);
    int err = 0, busy = 0, ovf = 0, wrong = 0, ok = 0, other = 0;
    for (int i = 0; i < iters; i++) {
        rc = qpl_run(j, 1, F_FIRST | F_LAST | F_ZLIB | F_DYN, in, (uint32_t) n, out, (uint32_t) (2 * n));
        if (rc == 6) err++;
        else if (rc == 5) busy++;
        else if (rc == 2) ovf++;
        else if (rc == 0) {
            uLongf bl = n;
            int zr = uncompress(back, &bl, out, U32(j, J_TOTAL_OUT));
            if (zr != Z_OK || bl != n || memcmp(back, in, n)) wrong++;
            else ok++;
        } else other++;
    }
    double N = iters;
    printf("qpl faults over %d compress jobs: error %.3f busy %.3f overflow %.3f silently-wrong %.3f ok %.3f\n",
           iters, err / N, busy / N, ovf / N, wrong / N, ok / N);
    CHECK(other == 0, "no unexpected codes");
    CHECK(qpl_emulator_count("calls") == (unsigned long) iters, "calls");
    CHECK(qpl_emulator_count("faults") == qpl_emulator_count("faults_error") + qpl_emulator_count("faults_busy")
          + qpl_emulator_count("faults_overflow") + qpl_emulator_count("faults_truncate") + qpl_emulator_count("faults_corrupt"), "fault sum");
    if (!quick) {
        CHECK(err / N > 0.185 && err / N < 0.215, "error rate");
        CHECK(busy / N > 0.09 && busy / N < 0.11, "busy rate");
        CHECK(ovf / N > 0.09 && ovf / N < 0.11, "overflow rate");
        CHECK(wrong / N > 0.085 && wrong / N < 0.115, "silently wrong rate %.3f", wrong / N);
    }
    qpl_emulator_configure("busy_rate=1");
    PTR(j, J_NEXT_IN) = in; U32(j, J_AVAIL_IN) = (uint32_t) n; U32(j, J_AVAIL_OUT) = (uint32_t) (2 * n);
    CHECK(qpl_submit_job(j) == 5, "busy is a submit-time status");
    qpl_emulator_configure("error_rate=1,error_code=303");
    CHECK(qpl_submit_job(j) == 0 && qpl_wait_job(j) == 303, "custom error code via wait");
    qpl_emulator_configure("");
    rc = qpl_run(j, 1, F_FIRST | F_LAST | F_ZLIB | F_DYN, in, (uint32_t) n, out, (uint32_t) (2 * n));
    uint32_t clen = U32(j, J_TOTAL_OUT);
    qpl_emulator_configure("truncate_rate=1");
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen, back, (uint32_t) n);
    CHECK(rc == 0 && U32(j, J_TOTAL_OUT) == n / 2, "decompress truncate");
    qpl_emulator_configure("corrupt_rate=1");
    rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, clen, back, (uint32_t) n);
    CHECK(rc == 0 && U32(j, J_TOTAL_OUT) == n && back[n / 2] == (in[n / 2] ^ 0xff), "decompress corrupt");
    /* A counted compress corrupt fault is always wrong output. In text_data(4000, 1962)'s stream the
     * middle byte lies wholly in a match distance's extra bits: flipped, it points at an identical
     * earlier copy and the stream still decodes to the input, so another byte must be flipped. */
    unsigned char *rep = text_data(n, 1962);
    qpl_emulator_configure("");
    rc = qpl_run(j, 1, F_FIRST | F_LAST | F_ZLIB | F_DYN, rep, (uint32_t) n, out, (uint32_t) (2 * n));
    clen = U32(j, J_TOTAL_OUT);
    out[clen / 2] ^= 0xff;
    uLongf bl = n;
    CHECK(rc == 0 && uncompress(back, &bl, out, clen) == Z_OK && bl == n && memcmp(back, rep, n) == 0,
          "text_data(4000, 1962): flipping the middle byte leaves a valid stream of the input");
    qpl_emulator_configure("corrupt_rate=1,reset_counts=1");
    int still_right = 0;
    for (unsigned seed = 1962; seed < 1962 + 200; seed++) {
        unsigned char *d = seed == 1962 ? rep : text_data(n, seed);
        rc = qpl_run(j, 1, F_FIRST | F_LAST | F_ZLIB | F_DYN, d, (uint32_t) n, out, (uint32_t) (2 * n));
        bl = n;
        if (rc != 0 || (uncompress(back, &bl, out, U32(j, J_TOTAL_OUT)) == Z_OK && bl == n && memcmp(back, d, n) == 0)) {
            still_right++;
        }
        if (d != rep) free(d);
    }
    CHECK(still_right == 0 && qpl_emulator_count("faults_corrupt") == 200,
          "every compress corrupt fault is wrong output (%d right, %lu counted)", still_right, qpl_emulator_count("faults_corrupt"));
    free(rep);
    qpl_emulator_configure("");
    qpl_fini_job(j);
    free(j);
    free(in); free(out); free(back);
}

/* ---------------------------------------------------------------- threads */

typedef struct { int id; int iters; int bad; } thr_arg;

static void *thread_main(void *vp)
{
    thr_arg *a = vp;
    size_t n = 30000 + 1000 * (size_t) a->id;
    unsigned char *in = text_data(n, (unsigned) a->id), *out = malloc(2 * n), *back = malloc(n);
    QzSession_T s;
    QzSessionParamsDeflateExt_T p = qz_params(1 + a->id % 9, 65536, 1, 1);
    if (qz_open(&s, &p) != 0) a->bad++;
    uint32_t size;
    qpl_get_job_size(2, &size);
    void *j = calloc(1, size);
    if (qpl_init_job(a->id % 2 ? 1 : 2, j) != 0) a->bad++;
    for (int i = 0; i < a->iters; i++) {
        unsigned sl = (unsigned) n, dl = (unsigned) (2 * n);
        int rc = qzCompress(&s, in, &sl, out, &dl, 1);
        if (rc == 0) {
            unsigned sl2 = dl, dl2 = (unsigned) n;
            rc = qzDecompress(&s, out, &sl2, back, &dl2);
            /* only errors or data may differ under faults; never a crash */
            if (rc == 0 && dl2 == n && memcmp(back, in, n) != 0 && qatzip_emulator_count("faults") == 0) a->bad++;
        }
        rc = qpl_run(j, 1, F_FIRST | F_LAST | F_ZLIB | F_DYN, in, (uint32_t) n, out, (uint32_t) (2 * n));
        if (rc == 0) {
            uint32_t cl = U32(j, J_TOTAL_OUT);
            rc = qpl_run(j, 0, F_FIRST | F_LAST | F_ZLIB, out, cl, back, (uint32_t) n);
        }
        if (a->id == 0 && i % 50 == 0) {
            qatzip_emulator_configure(i % 100 ? "error_rate=0.1,corrupt_rate=0.1" : "");
            qpl_emulator_configure(i % 100 ? "busy_rate=0.2" : "");
        }
    }
    qzTeardownSession(&s);
    qzClose(&s);
    qpl_fini_job(j);
    free(j);
    free(in); free(out); free(back);
    return NULL;
}

static void test_threads(void)
{
    enum { T = 8 };
    pthread_t t[T];
    thr_arg a[T];
    qatzip_emulator_configure("device=1");
    qpl_emulator_configure("device=1");
    for (int i = 0; i < T; i++) {
        a[i] = (thr_arg) { i, quick ? 20 : 300, 0 };
        pthread_create(&t[i], NULL, thread_main, &a[i]);
    }
    int bad = 0;
    for (int i = 0; i < T; i++) {
        pthread_join(t[i], NULL);
        bad += a[i].bad;
    }
    CHECK(bad == 0, "thread errors %d", bad);
    CHECK(qatzip_emulator_count("sessions_open") == 0, "threads: sessions_open 0 (%lu)", qatzip_emulator_count("sessions_open"));
    CHECK(qpl_emulator_count("jobs_open") == 0, "threads: jobs_open 0 (%lu)", qpl_emulator_count("jobs_open"));
    qatzip_emulator_configure("");
    qpl_emulator_configure("");
}

int main(int argc, char **argv)
{
    quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    test_qatzip_basic();
    test_qatzip_data();
    test_qatzip_faults();
    test_qpl();
    test_qpl_faults();
    test_threads();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
