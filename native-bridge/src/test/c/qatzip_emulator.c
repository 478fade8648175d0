/*
 * QATzip device emulator: a clean-room stand-in for libqatzip.so.3 (QATzip 1.3, API 2.5),
 * written only from the ABI facts in /work/shared/abi/README.md and backed by zlib. It exports
 * the same symbols and struct layouts so the JNA bindings can be tested on machines without
 * Intel QAT hardware. It is NOT QATzip and shares no code with it.
 *
 * Emulated behaviour (see the spec for the real device's):
 *  - qzInit: device absent + sw_backup=0 -> QZ_NOSW_NO_HW; absent + sw_backup=1 -> QZ_OK and
 *    hw_session_stat = QZ_NO_HW (software session); present -> QZ_OK (QZ_DUPLICATE for every
 *    later hardware qzInit in the process) and hw_session_stat = QZ_OK.
 *  - Formats: data_fmt QZ_DEFLATE_RAW only, raw deflate, or zlib with the Ext zlib_format=1
 *    (header always 78 9C). Other formats -> QZ_NOSW_UNSUPPORTED_FMT from setup.
 *  - qzCompress(last=1): on a hardware session with input >= input_sz_thrshold the input is
 *    split at hw_buff_sz like the device does: zlib format -> one complete zlib stream per piece,
 *    concatenated; raw -> independent pieces joined by full flushes into one raw stream.
 *    last=0 (streaming) is not emulated: QZ_NOT_SUPPORTED.
 *  - qzDecompress: hardware sessions accept zlib input only with a valid header (FCHECK, CM=8,
 *    CINFO<=7, no FDICT), else QZ_FAIL (software fallback when sw_backup=1). Corrupt data ->
 *    QZ_DATA_ERROR; on every error src_len = dest_len = 0. Output too small, or input that ends
 *    inside a stream -> QZ_OK with what was decoded, end-of-stream 0, and the next call continues
 *    that stream (checked against real QATzip 1.3.1's software path).
 *    Concatenated streams are all decoded unless stop_decompression_stream_end=1.
 *  - Fault injection: QATZIP_EMULATOR env var / qatzip_emulator_configure(), see README in the
 *    report; counters via qatzip_emulator_count().
 */
#include "emulator_common.h"

#include "qatzip_emulator_abi.h"

/* ---------------------------------------------------------------- emulator state */

#define QZ_EMU_MAGIC 0x515a454d554c4154ULL /* "QZEMULAT" */

typedef struct {
    uint64_t magic;
    int hw;                   /* 1: hardware session (hw_session_stat QZ_OK) */
    int sw_backup;
    int setup;                /* parameters set by qzSetupSession* */
    QzSessionParamsDeflateExt_T params;
    int zlevel;               /* zlib level used for comp_lvl */
    int busy;                 /* reentrancy guard (atomic) */
    z_stream def;
    int def_ready, def_level, def_zlib;
    z_stream inf;
    int inf_ready, inf_zlib;
    int inf_active;           /* a stream is open across calls (input ended inside it) */
    unsigned char eos;        /* qzGetDeflateEndOfStream */
} qz_emu_session;

enum {
    C_CALLS, C_COMPRESS, C_DECOMPRESS, C_FAULTS,
    C_F_ERROR, C_F_BUSY, C_F_OVERFLOW, C_F_TRUNCATE, C_F_CORRUPT,
    C_SPLIT, C_HW, C_SW, C_MISUSE, C_SESSIONS, C_COUNT
};
static const char *const COUNTER_NAMES[C_COUNT] = {
    "calls", "compress_calls", "decompress_calls", "faults",
    "faults_error", "faults_busy", "faults_overflow", "faults_truncate", "faults_corrupt",
    "split_calls", "hw_calls", "sw_calls", "concurrent_misuse", "sessions_open"
};
static unsigned long counters[C_COUNT];

static emu_state state = { PTHREAD_MUTEX_INITIALIZER, { 0 }, 0 };
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int hw_initialised;    /* process-level: a hardware qzInit succeeded (atomic) */

static void load_env(void)
{
    emu_load_env(&state, "QATZIP_EMULATOR", "qatzip emulator", QZ_FAIL);
}

static void ensure_config(void)
{
    pthread_once(&once, load_env);
}

/* ---------------------------------------------------------------- exported emulator control */

EMU_API int qatzip_emulator_configure(const char *spec)
{
    ensure_config();
    emu_config c;
    int reset;
    if (emu_parse_spec(spec, QZ_FAIL, &c, &reset) != 0) return -1;
    emu_install(&state, &c);
    if (reset) {
        for (int i = 0; i < C_COUNT; i++) {
            if (i != C_SESSIONS) emu_zero(&counters[i]);
        }
    }
    return 0;
}

EMU_API unsigned long qatzip_emulator_count(const char *what)
{
    if (what == NULL) return (unsigned long) -1;
    for (int i = 0; i < C_COUNT; i++) {
        if (strcmp(what, COUNTER_NAMES[i]) == 0) return emu_get(&counters[i]);
    }
    return (unsigned long) -1;
}

/* ---------------------------------------------------------------- helpers */

static void defaults(QzSessionParamsDeflateExt_T *p)
{
    memset(p, 0, sizeof *p);
    QzSessionParamsCommon_T *c = &p->deflate_params.common_params;
    c->direction = QZ_DIR_BOTH;
    c->comp_lvl = 1;
    c->comp_algorithm = QZ_DEFLATE;
    c->max_forks = 3;
    c->sw_backup = 1;
    c->hw_buff_sz = 64 * 1024;
    c->strm_buff_sz = 64 * 1024;
    c->input_sz_thrshold = 1024;
    c->req_cnt_thrshold = 32;
    c->wait_cnt_thrshold = 8;
    c->polling_mode = QZ_PERIODICAL_POLLING;
    c->is_sensitive_mode = 0;
    p->deflate_params.huffman_hdr = QZ_DYNAMIC_HDR;
    p->deflate_params.data_fmt = QZ_DEFLATE_GZIP_EXT;
    p->stop_decompression_stream_end = 0;
    p->zlib_format = 0;
}

static int params_valid(const QzSessionParamsDeflateExt_T *p, unsigned max_lvl)
{
    const QzSessionParamsCommon_T *c = &p->deflate_params.common_params;
    unsigned hb = c->hw_buff_sz;
    if (c->direction < QZ_DIR_COMPRESS || c->direction > QZ_DIR_BOTH) return 0;
    if (c->comp_lvl < 1 || c->comp_lvl > max_lvl) return 0;
    if (c->comp_algorithm != QZ_DEFLATE) return 0;
    if (c->sw_backup > 1) return 0;
    if (hb < 1024 || hb > 512 * 1024 || (hb & (hb - 1)) != 0) return 0;
    if (c->input_sz_thrshold < 128) return 0;
    if (c->req_cnt_thrshold < 1 || c->req_cnt_thrshold > 32) return 0;
    if (c->polling_mode != QZ_PERIODICAL_POLLING && c->polling_mode != QZ_BUSY_POLLING) return 0;
    if (p->deflate_params.huffman_hdr != QZ_DYNAMIC_HDR && p->deflate_params.huffman_hdr != QZ_STATIC_HDR) return 0;
    if (p->deflate_params.data_fmt < QZ_DEFLATE_4B || p->deflate_params.data_fmt > QZ_DEFLATE_RAW) return 0;
    if (p->stop_decompression_stream_end > 1 || p->zlib_format > 1) return 0;
    return 1;
}

static void release_streams(qz_emu_session *s)
{
    if (s->def_ready) deflateEnd(&s->def);
    if (s->inf_ready) inflateEnd(&s->inf);
    s->def_ready = s->inf_ready = 0;
    s->inf_active = 0;
}

static void free_session(QzSession_T *sess)
{
    qz_emu_session *s = sess->internal;
    if (s == NULL) return;
    release_streams(s);
    s->magic = 0;
    free(s);
    sess->internal = NULL;
    emu_dec(&counters[C_SESSIONS]);
}

/* Session usable for data calls, or NULL. */
static qz_emu_session *ready_session(QzSession_T *sess)
{
    qz_emu_session *s = sess->internal;
    if (s == NULL || s->magic != QZ_EMU_MAGIC || !s->setup) return NULL;
    return s;
}

static int enter(qz_emu_session *s)
{
    if (__atomic_exchange_n(&s->busy, 1, __ATOMIC_ACQUIRE) != 0) {
        emu_inc(&counters[C_MISUSE]);
        return 0;
    }
    return 1;
}

static void leave(qz_emu_session *s)
{
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
}

static void count_fault(emu_fault f)
{
    emu_inc(&counters[C_FAULTS]);
    switch (f) {
    case EMU_FAULT_ERROR: emu_inc(&counters[C_F_ERROR]); break;
    case EMU_FAULT_BUSY: emu_inc(&counters[C_F_BUSY]); break;
    case EMU_FAULT_OVERFLOW: emu_inc(&counters[C_F_OVERFLOW]); break;
    case EMU_FAULT_TRUNCATE: emu_inc(&counters[C_F_TRUNCATE]); break;
    case EMU_FAULT_CORRUPT: emu_inc(&counters[C_F_CORRUPT]); break;
    default: break;
    }
}

/* Applies a fault decided before the work; returns the status to return, or QZ_OK to proceed. */
static int pre_fault(emu_fault f, const emu_config *cfg)
{
    switch (f) {
    case EMU_FAULT_ERROR: count_fault(f); return cfg->error_code;
    case EMU_FAULT_BUSY: count_fault(f); return QZ_TIMEOUT;
    case EMU_FAULT_OVERFLOW: count_fault(f); return QZ_BUF_ERROR;
    default: return QZ_OK;
    }
}

/* Silently wrong results, applied to a successful output of n bytes; returns the length to report.
 * For compressed output, src/src_len is the input and wbits the format (see emu_corrupt); for
 * decompressed output src is NULL. */
static unsigned post_fault(emu_fault f, unsigned char *out, unsigned n, int wbits, const unsigned char *src, unsigned src_len)
{
    if (n == 0) return n;
    if (f == EMU_FAULT_TRUNCATE) {
        count_fault(f);
        return n / 2;
    }
    if (f == EMU_FAULT_CORRUPT && emu_corrupt(out, n, wbits, src, src_len)) {
        count_fault(f);
    }
    return n;
}

/* ---------------------------------------------------------------- QATzip API */

EMU_API int qzInit(QzSession_T *sess, unsigned char sw_backup)
{
    ensure_config();
    if (sess == NULL || sw_backup > 1) return QZ_PARAMS;
    emu_config cfg;
    unsigned gen;
    emu_snapshot(&state, &cfg, &gen);
    if (!cfg.device && !sw_backup) {
        sess->hw_session_stat = QZ_NOSW_NO_HW;
        return QZ_NOSW_NO_HW;
    }
    qz_emu_session *s = sess->internal;
    if (s == NULL) {
        s = calloc(1, sizeof *s);
        if (s == NULL) return QZ_FAIL;
        s->magic = QZ_EMU_MAGIC;
        sess->internal = s;
        emu_inc(&counters[C_SESSIONS]);
    }
    s->hw = cfg.device;
    s->sw_backup = sw_backup;
    sess->hw_session_stat = cfg.device ? QZ_OK : QZ_NO_HW;
    sess->thd_sess_stat = QZ_OK;
    if (cfg.device && __atomic_exchange_n(&hw_initialised, 1, __ATOMIC_ACQ_REL) != 0) return QZ_DUPLICATE;
    return QZ_OK;
}

static int setup(QzSession_T *sess, const QzSessionParamsDeflateExt_T *p, unsigned max_lvl)
{
    if (sess == NULL || p == NULL || !params_valid(p, max_lvl)) return QZ_PARAMS;
    const QzSessionParamsCommon_T *c = &p->deflate_params.common_params;
    if (p->deflate_params.data_fmt != QZ_DEFLATE_RAW) return QZ_NOSW_UNSUPPORTED_FMT;
    if (sess->internal == NULL) {
        int rc = qzInit(sess, c->sw_backup);
        if (rc != QZ_OK && rc != QZ_DUPLICATE) return rc;
    }
    qz_emu_session *s = sess->internal;
    if (!s->hw && !c->sw_backup) return QZ_NOSW_NO_HW;
    if (!enter(s)) return QZ_FAIL;
    s->sw_backup = c->sw_backup;
    s->params = *p;
    s->zlevel = c->comp_lvl > 9 ? 9 : (int) c->comp_lvl;
    release_streams(s);       /* level/format may have changed */
    s->eos = 0;
    s->setup = 1;
    leave(s);
    return QZ_OK;
}

EMU_API int qzSetupSessionDeflate(QzSession_T *sess, QzSessionParamsDeflate_T *params)
{
    ensure_config();
    if (params == NULL) return QZ_PARAMS;
    QzSessionParamsDeflateExt_T p;
    memset(&p, 0, sizeof p);
    p.deflate_params = *params;
    return setup(sess, &p, 9);
}

EMU_API int qzSetupSessionDeflateExt(QzSession_T *sess, QzSessionParamsDeflateExt_T *params)
{
    ensure_config();
    return setup(sess, params, 12);
}

EMU_API int qzGetDefaultsDeflate(QzSessionParamsDeflate_T *d)
{
    if (d == NULL) return QZ_PARAMS;
    QzSessionParamsDeflateExt_T p;
    defaults(&p);
    *d = p.deflate_params;
    return QZ_OK;
}

/* Output too small to compress into: real QATzip 1.3.1's software path answers QZ_FAIL (checked);
 * what the device path answers needs the hardware, so hardware sessions keep QZ_BUF_ERROR. */
static int too_small(const qz_emu_session *s)
{
    return s->hw ? QZ_BUF_ERROR : QZ_FAIL;
}

EMU_API int qzGetDefaultsDeflateExt(QzSessionParamsDeflateExt_T *d)
{
    if (d == NULL) return QZ_PARAMS;
    defaults(d);
    return QZ_OK;
}

EMU_API unsigned int qzMaxCompressedLength(unsigned int src_sz, QzSession_T *sess)
{
    unsigned long long hb = 64 * 1024;
    if (sess != NULL) {
        qz_emu_session *s = ready_session(sess);
        if (s != NULL) hb = s->params.deflate_params.common_params.hw_buff_sz;
    }
    unsigned long long n = src_sz;
    unsigned long long pieces = n == 0 ? 1 : (n + hb - 1) / hb;
    unsigned long long bound = n + (n >> 10) + 64 * (pieces + 1);
    return bound > 0xffffffffULL ? 0 : (unsigned int) bound;
}

/* Compresses one piece as a complete zlib stream (header forced to 78 9C) or, raw, as the next
 * part of a raw stream (full flush between pieces, Z_FINISH on the last). Returns 0 on success,
 * -1 when the output does not fit. */
static int deflate_piece(qz_emu_session *s, int zlib, const unsigned char *src, unsigned n,
                         unsigned char *out, unsigned cap, unsigned *produced, int final, int first)
{
    if (!s->def_ready || s->def_level != s->zlevel || s->def_zlib != zlib) {
        if (s->def_ready) deflateEnd(&s->def);
        memset(&s->def, 0, sizeof s->def);
        if (deflateInit2(&s->def, s->zlevel, Z_DEFLATED, zlib ? 15 : -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            s->def_ready = 0;
            return -2;
        }
        s->def_ready = 1;
        s->def_level = s->zlevel;
        s->def_zlib = zlib;
    }
    if (zlib || first) deflateReset(&s->def);
    s->def.next_in = (z_const Bytef *) src;
    s->def.avail_in = n;
    s->def.next_out = out + *produced;
    s->def.avail_out = cap - *produced;
    int flush = (zlib || final) ? Z_FINISH : Z_FULL_FLUSH;
    int rc = deflate(&s->def, flush);
    unsigned start = *produced;
    *produced = cap - s->def.avail_out;
    if (flush == Z_FINISH) {
        if (rc != Z_STREAM_END) return -1;
    } else if (rc != Z_OK || s->def.avail_in != 0 || s->def.avail_out == 0) {
        return -1;
    }
    if (zlib) out[start + 1] = 0x9c;   /* QATzip's header: 78 9C whatever the level */
    return 0;
}

EMU_API int qzCompress(QzSession_T *sess, const unsigned char *src, unsigned int *src_len,
                       unsigned char *dest, unsigned int *dest_len, unsigned int last)
{
    ensure_config();
    emu_inc(&counters[C_CALLS]);
    emu_inc(&counters[C_COMPRESS]);
    if (sess == NULL || src_len == NULL || dest_len == NULL) return QZ_PARAMS;
    if ((src == NULL && *src_len != 0) || dest == NULL || last > 1) {
        *src_len = *dest_len = 0;
        return QZ_PARAMS;
    }
    qz_emu_session *s = ready_session(sess);
    if (s == NULL) {
        *src_len = *dest_len = 0;
        return QZ_FAIL;
    }
    if (s->params.deflate_params.common_params.direction == QZ_DIR_DECOMPRESS) {
        *src_len = *dest_len = 0;
        return QZ_PARAMS;
    }
    if (!last) {
        *src_len = *dest_len = 0;
        return QZ_NOT_SUPPORTED;      /* streaming compression is not emulated */
    }
    if (!enter(s)) {
        *src_len = *dest_len = 0;
        return QZ_FAIL;
    }
    emu_config cfg;
    unsigned gen;
    emu_snapshot(&state, &cfg, &gen);
    emu_fault f = emu_draw(&cfg, gen);
    int rc = pre_fault(f, &cfg);
    if (rc != QZ_OK) {
        *src_len = *dest_len = 0;
        leave(s);
        return rc;
    }

    unsigned n = *src_len, cap = *dest_len, produced = 0;
    int zlib = s->params.zlib_format;
    int hw = s->hw && n >= s->params.deflate_params.common_params.input_sz_thrshold;
    emu_inc(&counters[hw ? C_HW : C_SW]);
    unsigned piece = hw ? s->params.deflate_params.common_params.hw_buff_sz : (n == 0 ? 1 : n);
    unsigned pieces = n == 0 ? 1 : (unsigned) (((unsigned long long) n + piece - 1) / piece);
    if (pieces > 1) emu_inc(&counters[C_SPLIT]);
    rc = QZ_OK;
    for (unsigned i = 0; i < pieces && rc == QZ_OK; i++) {
        unsigned off = (unsigned) ((unsigned long long) i * piece);
        unsigned len = n - off < piece ? n - off : piece;
        int final = i + 1 == pieces;
        if (cfg.copy_only) {
            size_t w = emu_stored_stream(src + off, len, dest + produced, cap - produced, zlib, 0x78, 0x9c,
                                         zlib || final);
            if (w == 0) rc = too_small(s);
            produced += (unsigned) w;
        } else {
            int r = deflate_piece(s, zlib, src + off, len, dest, cap, &produced, final, i == 0);
            if (r == -1) rc = too_small(s);
            else if (r != 0) rc = QZ_FAIL;
        }
    }
    if (rc != QZ_OK) {
        *src_len = *dest_len = 0;
        leave(s);
        return rc;
    }
    produced = post_fault(f, dest, produced, zlib ? 15 : -15, src, n);
    *src_len = n;
    *dest_len = produced;
    sess->total_in += n;
    sess->total_out += produced;
    leave(s);
    return QZ_OK;
}

/* Decodes as much as the input holds. Returns a QZ status; on QZ_OK consumed and produced are set. */
static int inflate_all(qz_emu_session *s, const unsigned char *src, unsigned n, unsigned char *dest,
                       unsigned cap, unsigned *consumed, unsigned *produced)
{
    int zlib = s->params.zlib_format;
    int stop_at_end = s->params.stop_decompression_stream_end;
    if (!s->inf_ready || s->inf_zlib != zlib) {
        if (s->inf_ready) inflateEnd(&s->inf);
        memset(&s->inf, 0, sizeof s->inf);
        if (inflateInit2(&s->inf, zlib ? 15 : -15) != Z_OK) {
            s->inf_ready = 0;
            return QZ_FAIL;
        }
        s->inf_ready = 1;
        s->inf_zlib = zlib;
        s->inf_active = 0;
    }
    unsigned in_done = 0, out_done = 0;
    for (;;) {
        if (!s->inf_active) {
            unsigned left = n - in_done;
            if (left == 0) break;
            if (zlib) {
                if (left < 2) break;          /* a lone byte cannot start a stream: leave it */
                const unsigned char *h = src + in_done;
                if (s->hw && (!emu_zlib_header_valid(h[0], h[1]) || (h[1] & 0x20) != 0)) {
                    if (!s->sw_backup) return QZ_FAIL;
                }
            }
            inflateReset(&s->inf);
            s->inf_active = 1;
            s->eos = 0;
        }
        s->inf.next_in = (z_const Bytef *) (src + in_done);
        s->inf.avail_in = n - in_done;
        s->inf.next_out = dest + out_done;
        s->inf.avail_out = cap - out_done;
        int rc = inflate(&s->inf, Z_NO_FLUSH);
        in_done = n - s->inf.avail_in;
        out_done = cap - s->inf.avail_out;
        if (rc == Z_STREAM_END) {
            s->inf_active = 0;
            s->eos = 1;
            if (stop_at_end) break;
            continue;
        }
        if (rc == Z_NEED_DICT || rc == Z_DATA_ERROR) return QZ_DATA_ERROR;
        if (rc != Z_OK && rc != Z_BUF_ERROR) return QZ_FAIL;
        if (s->inf.avail_out == 0) {
            /* As real QATzip 1.3.1 does: QZ_OK with what fits, end-of-stream 0, and the session
             * left inside the stream (its next call continues it). */
            if (s->inf.avail_in > 0) break;
            /* Output full and input used up: more output pending, or truncated input? Probe. */
            unsigned char probe;
            s->inf.next_out = &probe;
            s->inf.avail_out = 1;
            rc = inflate(&s->inf, Z_NO_FLUSH);
            if (s->inf.avail_out == 0) break; /* likewise (the probe byte is lost: not continuable) */
            if (rc == Z_STREAM_END) {
                s->inf_active = 0;
                s->eos = 1;
            } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
                return QZ_DATA_ERROR;
            }
            break;
        }
        if (s->inf.avail_in == 0) break; /* input ends inside the stream: continue next call */
        return QZ_FAIL;                   /* neither exhausted: should not happen */
    }
    *consumed = in_done;
    *produced = out_done;
    return QZ_OK;
}

EMU_API int qzDecompress(QzSession_T *sess, const unsigned char *src, unsigned int *src_len,
                         unsigned char *dest, unsigned int *dest_len)
{
    ensure_config();
    emu_inc(&counters[C_CALLS]);
    emu_inc(&counters[C_DECOMPRESS]);
    if (sess == NULL || src_len == NULL || dest_len == NULL) return QZ_PARAMS;
    if ((src == NULL && *src_len != 0) || (dest == NULL && *dest_len != 0)) {
        *src_len = *dest_len = 0;
        return QZ_PARAMS;
    }
    qz_emu_session *s = ready_session(sess);
    if (s == NULL) {
        *src_len = *dest_len = 0;
        return QZ_FAIL;
    }
    if (s->params.deflate_params.common_params.direction == QZ_DIR_COMPRESS) {
        *src_len = *dest_len = 0;
        return QZ_PARAMS;
    }
    if (!enter(s)) {
        *src_len = *dest_len = 0;
        return QZ_FAIL;
    }
    emu_config cfg;
    unsigned gen;
    emu_snapshot(&state, &cfg, &gen);
    emu_fault f = emu_draw(&cfg, gen);
    int rc = pre_fault(f, &cfg);
    if (rc != QZ_OK) {
        *src_len = *dest_len = 0;
        leave(s);
        return rc;
    }
    emu_inc(&counters[s->hw ? C_HW : C_SW]);
    unsigned consumed = 0, produced = 0;
    rc = inflate_all(s, src, *src_len, dest, *dest_len, &consumed, &produced);
    if (rc != QZ_OK) {
        s->inf_active = 0;
        s->eos = 0;
        *src_len = *dest_len = 0;
        leave(s);
        return rc;
    }
    produced = post_fault(f, dest, produced, 0, NULL, 0);
    *src_len = consumed;
    *dest_len = produced;
    sess->total_in += consumed;
    sess->total_out += produced;
    leave(s);
    return QZ_OK;
}

EMU_API int qzGetDeflateEndOfStream(QzSession_T *sess, unsigned char *endOfStream)
{
    if (sess == NULL || endOfStream == NULL) return QZ_PARAMS;
    qz_emu_session *s = ready_session(sess);
    if (s == NULL) return QZ_FAIL;
    *endOfStream = s->eos;
    return QZ_OK;
}

EMU_API int qzTeardownSession(QzSession_T *sess)
{
    if (sess == NULL) return QZ_PARAMS;
    free_session(sess);
    return QZ_OK;
}

EMU_API int qzClose(QzSession_T *sess)
{
    if (sess == NULL) return QZ_PARAMS;
    free_session(sess);
    return QZ_OK;
}
