/*
 * QPL device emulator: a clean-room stand-in for libqpl.so (Intel QPL 1.x, IAA), written only
 * from the ABI facts in /work/shared/abi/README.md and backed by zlib. It exports the same
 * symbols and the same public qpl_job layout so the JNA bindings can be tested on machines
 * without Intel IAA hardware. It is NOT QPL and shares no code with it.
 *
 * Emulated behaviour (see the spec for the real device's):
 *  - Paths: hardware (1) -> qpl_init_job fails with QPL_STS_INIT_LIBACCEL_NOT_FOUND (501) when
 *    the emulated device is absent, as real QPL 1.6 does on a host without accel-config;
 *    software (2) always works; auto (0) picks hardware when present.
 *  - Compress (op 1), FIRST|LAST required, ZLIB_MODE or raw deflate, DYNAMIC_HUFFMAN (else fixed
 *    Huffman blocks), OMIT_VERIFY, OMIT_CHECKSUMS accepted: 4 KiB window (zlib windowBits 12),
 *    zlib header always 48 0D, Adler-32 trailer. job->crc = CRC-32 of the input.
 *  - Decompress (op 0), FIRST|LAST required, ZLIB_MODE or raw: a real 4 KiB history window
 *    (zlib inflateBack with windowBits 12), so any distance beyond 4 KiB -> QPL_STS_BAD_DIST_ERR.
 *    (Plain one-shot inflate() would NOT catch those: it copies matches from the output buffer.)
 *  - Hardware path: available_in or available_out > 2 MiB -> QPL_STS_BUFFER_TOO_LARGE_ERR.
 *  - Operations run synchronously inside qpl_submit_job / qpl_execute_job; qpl_wait_job and
 *    qpl_check_job return the stored result.
 *  - Anything else (other ops, GZIP_MODE, CRC32C, NO_HDRS, CANNED_MODE, dictionaries, Huffman
 *    tables, multi-chunk FIRST/LAST streaming) is not emulated: QPL_STS_NOT_SUPPORTED_BY_WQ.
 *  - Fault injection: QPL_EMULATOR env var / qpl_emulator_configure(); counters via
 *    qpl_emulator_count().
 */
#include "emulator_common.h"

#include "qpl_emulator_abi.h"

/* ---------------------------------------------------------------- emulator state */

#define QPL_EMU_JOB_SIZE 8192u          /* qpl_get_job_size */
#define QPL_EMU_STATE_OFFSET 256u       /* emulator state lives inside the job allocation */
#define QPL_EMU_MAGIC 0x51504c454d554c41ULL /* "QPLEMULA" */
#define QPL_EMU_HW_LIMIT (2u * 1024u * 1024u)
#define QPL_EMU_WINDOW 4096u

typedef struct {
    uint64_t magic;
    int path;                 /* effective path: 1 hardware, 2 software */
    int has_result;
    qpl_status result;        /* result of the last submitted operation */
    int busy;                 /* reentrancy guard (atomic) */
    z_stream def;
    int def_ready, def_level, def_wbits, def_strategy;
    z_stream infb;            /* inflateBack over `window` */
    int infb_ready;
    uint32_t adler;           /* running Adler-32 of zlib compressions on this job, as real QPL keeps */
    unsigned char window[QPL_EMU_WINDOW];
} qpl_emu_state;

_Static_assert(QPL_EMU_STATE_OFFSET >= sizeof(qpl_job), "state after the public part");
_Static_assert(QPL_EMU_STATE_OFFSET + sizeof(qpl_emu_state) <= QPL_EMU_JOB_SIZE, "state fits the job size");

enum {
    C_CALLS, C_COMPRESS, C_DECOMPRESS, C_FAULTS,
    C_F_ERROR, C_F_BUSY, C_F_OVERFLOW, C_F_TRUNCATE, C_F_CORRUPT,
    C_HW, C_SW, C_TOO_LARGE, C_BAD_DIST, C_MISUSE, C_JOBS, C_COUNT
};
static const char *const COUNTER_NAMES[C_COUNT] = {
    "calls", "compress_calls", "decompress_calls", "faults",
    "faults_error", "faults_busy", "faults_overflow", "faults_truncate", "faults_corrupt",
    "hw_calls", "sw_calls", "too_large", "bad_dist", "concurrent_misuse", "jobs_open"
};
static unsigned long counters[C_COUNT];

static emu_state state = { PTHREAD_MUTEX_INITIALIZER, { 0 }, 0 };
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_env(void)
{
    emu_load_env(&state, "QPL_EMULATOR", "qpl emulator", QPL_STS_LIBRARY_INTERNAL_ERR);
}

static void ensure_config(void)
{
    pthread_once(&once, load_env);
}

/* ---------------------------------------------------------------- exported emulator control */

EMU_API int qpl_emulator_configure(const char *spec)
{
    ensure_config();
    emu_config c;
    int reset;
    if (emu_parse_spec(spec, QPL_STS_LIBRARY_INTERNAL_ERR, &c, &reset) != 0) return -1;
    emu_install(&state, &c);
    if (reset) {
        for (int i = 0; i < C_COUNT; i++) {
            if (i != C_JOBS) emu_zero(&counters[i]);
        }
    }
    return 0;
}

EMU_API unsigned long qpl_emulator_count(const char *what)
{
    if (what == NULL) return (unsigned long) -1;
    for (int i = 0; i < C_COUNT; i++) {
        if (strcmp(what, COUNTER_NAMES[i]) == 0) return emu_get(&counters[i]);
    }
    return (unsigned long) -1;
}

/* ---------------------------------------------------------------- helpers */

static qpl_emu_state *job_state(qpl_job *job)
{
    qpl_emu_state *s = (qpl_emu_state *) ((unsigned char *) job + QPL_EMU_STATE_OFFSET);
    if (job->data_ptr != (void *) s || s->magic != QPL_EMU_MAGIC) return NULL;
    return s;
}

static void release_streams(qpl_emu_state *s)
{
    if (s->def_ready) deflateEnd(&s->def);
    if (s->infb_ready) inflateBackEnd(&s->infb);
    s->def_ready = s->infb_ready = 0;
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

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    return (uint32_t) crc32(0L, p, (uInt) n);   /* n <= UINT32_MAX here */
}

/* ---------------------------------------------------------------- operations */

static qpl_status do_compress(qpl_job *job, qpl_emu_state *s, const emu_config *cfg)
{
    const unsigned char *src = job->next_in_ptr;
    unsigned n = job->available_in, cap = job->available_out;
    int zlib = (job->flags & QPL_FLAG_ZLIB_MODE) != 0;
    unsigned produced;
    /* As real QPL 1.6.0 does: an empty job is QPL_STS_SIZE_ERR, and an output of under two bytes
     * ends with QPL_STS_OK, all input counted and nothing written. */
    if (n == 0) return QPL_STS_SIZE_ERR;
    if (cap < 2) {
        job->total_in = n;
        job->total_out = 0;
        return QPL_STS_OK;
    }
    if (cfg->copy_only) {
        size_t w = emu_stored_stream(src, n, job->next_out_ptr, cap, zlib, 0x48, 0x0d, 1);
        if (w == 0) return QPL_STS_MORE_OUTPUT_NEEDED;
        produced = (unsigned) w;
    } else {
        int level = job->level == qpl_high_level ? 6 : 1;
        int wbits = zlib ? 12 : -12;
        int strategy = (job->flags & QPL_FLAG_DYNAMIC_HUFFMAN) ? Z_DEFAULT_STRATEGY : Z_FIXED;
        if (!s->def_ready || s->def_level != level || s->def_wbits != wbits || s->def_strategy != strategy) {
            if (s->def_ready) deflateEnd(&s->def);
            memset(&s->def, 0, sizeof s->def);
            if (deflateInit2(&s->def, level, Z_DEFLATED, wbits, 8, strategy) != Z_OK) {
                s->def_ready = 0;
                return QPL_STS_LIBRARY_INTERNAL_ERR;
            }
            s->def_ready = 1;
            s->def_level = level;
            s->def_wbits = wbits;
            s->def_strategy = strategy;
        } else {
            deflateReset(&s->def);
        }
        s->def.next_in = (z_const Bytef *) src;
        s->def.avail_in = n;
        s->def.next_out = job->next_out_ptr;
        s->def.avail_out = cap;
        int rc = deflate(&s->def, Z_FINISH);
        if (rc != Z_STREAM_END) return QPL_STS_MORE_OUTPUT_NEEDED;
        produced = cap - s->def.avail_out;
        if (zlib) {
            job->next_out_ptr[0] = 0x48;  /* CINFO=4 (4 KiB), CM=8: what windowBits 12 writes */
            job->next_out_ptr[1] = 0x0d;  /* FLEVEL 0, no FDICT, FCHECK for 0x48 */
        }
    }
    if (zlib && produced >= 4) {
        /* Real QPL 1.6 seeds each zlib compression's Adler-32 with the job's previous one, even
         * with QPL_FLAG_FIRST (compressor.cpp: zlib_decorator::wrap(..., job::get_adler32(job))):
         * on a job not re-initialised since its last compression, the trailer is wrong. */
        s->adler = (uint32_t) adler32(s->adler, src, n);
        unsigned char *t = job->next_out_ptr + produced - 4;
        t[0] = (unsigned char) (s->adler >> 24);
        t[1] = (unsigned char) (s->adler >> 16);
        t[2] = (unsigned char) (s->adler >> 8);
        t[3] = (unsigned char) s->adler;
    }
    if (!(job->flags & QPL_FLAG_OMIT_CHECKSUMS)) job->crc = crc32_of(src, n);
    job->total_in = n;
    job->total_out = produced;
    return QPL_STS_OK;
}

typedef struct {
    unsigned char *out;
    unsigned cap, produced;
    int overflow, input_exhausted;
} infb_ctx;

static unsigned infb_in(void *desc, z_const unsigned char **buf)
{
    infb_ctx *c = desc;
    c->input_exhausted = 1;
    *buf = Z_NULL;
    return 0;
}

static int infb_out(void *desc, unsigned char *buf, unsigned len)
{
    infb_ctx *c = desc;
    unsigned room = c->cap - c->produced;
    if (len > room) {
        memcpy(c->out + c->produced, buf, room);
        c->produced = c->cap;
        c->overflow = 1;
        return 1;
    }
    memcpy(c->out + c->produced, buf, len);
    c->produced += len;
    return 0;
}

static qpl_status do_decompress(qpl_job *job, qpl_emu_state *s)
{
    const unsigned char *src = job->next_in_ptr;
    unsigned n = job->available_in;
    int zlib = (job->flags & QPL_FLAG_ZLIB_MODE) != 0;
    unsigned pos = 0;
    if (zlib) {
        if (n < 2) return QPL_STS_MORE_INPUT_NEEDED;
        if (!emu_zlib_header_valid(src[0], src[1])) return QPL_STS_ARCHIVE_HEADER_ERR;
        if (src[1] & 0x20) return QPL_STS_INFLATE_NEED_DICT_ERR;
        pos = 2;
    }
    if (!s->infb_ready) {
        memset(&s->infb, 0, sizeof s->infb);
        if (inflateBackInit(&s->infb, 12, s->window) != Z_OK) return QPL_STS_LIBRARY_INTERNAL_ERR;
        s->infb_ready = 1;
    }
    infb_ctx c = { job->next_out_ptr, job->available_out, 0, 0, 0 };
    s->infb.next_in = (z_const Bytef *) (src + pos);
    s->infb.avail_in = n - pos;
    int rc = inflateBack(&s->infb, infb_in, &c, infb_out, &c);
    unsigned used = n - s->infb.avail_in;   /* avail_in: unused input after the deflate data */
    job->total_in = used;
    job->total_out = c.produced;
    if (rc == Z_BUF_ERROR) {
        if (c.overflow) return QPL_STS_MORE_OUTPUT_NEEDED;
        return QPL_STS_MORE_INPUT_NEEDED;
    }
    if (rc == Z_DATA_ERROR) {
        if (s->infb.msg != NULL && strstr(s->infb.msg, "too far back") != NULL) {
            emu_inc(&counters[C_BAD_DIST]);
            return QPL_STS_BAD_DIST_ERR;
        }
        return QPL_STS_ARCHIVE_HEADER_ERR;  /* the spec names no other data-error status */
    }
    if (rc != Z_STREAM_END) return QPL_STS_LIBRARY_INTERNAL_ERR;
    if (zlib) {
        if (n - used < 4) {
            job->total_in = n;
            return QPL_STS_MORE_INPUT_NEEDED;
        }
        /* As real QPL 1.6.0 does: total_in stops before the Adler-32 trailer, which is not
         * checked (a stream with bytes between its last block and its trailer, or a wrong
         * trailer, decodes with QPL_STS_OK). */
        job->total_in = used;
    }
    if (!(job->flags & QPL_FLAG_OMIT_CHECKSUMS)) job->crc = crc32_of(job->next_out_ptr, c.produced);
    return QPL_STS_OK;
}

/* Runs the job synchronously; returns its final status. */
static qpl_status run(qpl_job *job, qpl_emu_state *s)
{
    job->total_in = 0;
    job->total_out = 0;
    if (job->op != qpl_op_compress && job->op != qpl_op_decompress) return QPL_STS_NOT_SUPPORTED_BY_WQ;
    if ((job->next_in_ptr == NULL && job->available_in != 0) || job->next_out_ptr == NULL) {
        return QPL_STS_NULL_PTR_ERR;
    }
    if (s->path == qpl_path_hardware && (job->available_in > QPL_EMU_HW_LIMIT || job->available_out > QPL_EMU_HW_LIMIT)) {
        emu_inc(&counters[C_TOO_LARGE]);
        return QPL_STS_BUFFER_TOO_LARGE_ERR;
    }
    uint32_t allowed = job->op == qpl_op_compress
            ? QPL_FLAG_FIRST | QPL_FLAG_LAST | QPL_FLAG_ZLIB_MODE | QPL_FLAG_DYNAMIC_HUFFMAN
              | QPL_FLAG_OMIT_VERIFY | QPL_FLAG_OMIT_CHECKSUMS | QPL_FLAG_START_NEW_BLOCK
            : QPL_FLAG_FIRST | QPL_FLAG_LAST | QPL_FLAG_ZLIB_MODE | QPL_FLAG_OMIT_CHECKSUMS
              | QPL_FLAG_DECOMP_FLUSH_ALWAYS;
    if ((job->flags & ~allowed) != 0 || (job->flags & (QPL_FLAG_FIRST | QPL_FLAG_LAST)) != (QPL_FLAG_FIRST | QPL_FLAG_LAST)
            || job->huffman_table != NULL || job->dictionary != NULL) {
        return QPL_STS_NOT_SUPPORTED_BY_WQ;
    }

    emu_config cfg;
    unsigned gen;
    emu_snapshot(&state, &cfg, &gen);
    emu_fault f = emu_draw(&cfg, gen);
    switch (f) {
    case EMU_FAULT_ERROR: count_fault(f); return cfg.error_code;
    case EMU_FAULT_BUSY: count_fault(f); return QPL_STS_QUEUES_ARE_BUSY_ERR;
    case EMU_FAULT_OVERFLOW: count_fault(f); return QPL_STS_MORE_OUTPUT_NEEDED;
    default: break;
    }
    emu_inc(&counters[s->path == qpl_path_hardware ? C_HW : C_SW]);
    qpl_status st;
    if (job->op == qpl_op_compress) {
        emu_inc(&counters[C_COMPRESS]);
        st = do_compress(job, s, &cfg);
    } else {
        emu_inc(&counters[C_DECOMPRESS]);
        st = do_decompress(job, s);
    }
    if (st == QPL_STS_OK && job->total_out > 0) {
        if (f == EMU_FAULT_TRUNCATE) {
            count_fault(f);
            job->total_out /= 2;
        } else if (f == EMU_FAULT_CORRUPT) {
            int compressed = job->op == qpl_op_compress;
            if (emu_corrupt(job->next_out_ptr, job->total_out, (job->flags & QPL_FLAG_ZLIB_MODE) ? 15 : -15,
                            compressed ? job->next_in_ptr : NULL, compressed ? job->available_in : 0)) {
                count_fault(f);
            }
        }
    }
    return st;
}

/* Statuses a real submission reports at once (the others come from wait/check). */
static int submit_time_status(qpl_status st)
{
    return st == QPL_STS_NULL_PTR_ERR || st == QPL_STS_BUFFER_TOO_LARGE_ERR || st == QPL_STS_QUEUES_ARE_BUSY_ERR
           || st == QPL_STS_NOT_SUPPORTED_BY_WQ;
}

/* ---------------------------------------------------------------- QPL API */

/* The release whose behaviour this emulator follows; the engine refuses versions it was not checked against. */
EMU_API const char *qpl_get_library_version(void)
{
    return "1.6.0";
}

EMU_API qpl_status qpl_get_job_size(qpl_path_t path, uint32_t *job_size)
{
    ensure_config();
    if (job_size == NULL) return QPL_STS_NULL_PTR_ERR;
    if (path < qpl_path_auto || path > qpl_path_software) return QPL_STS_LIBRARY_INTERNAL_ERR;
    *job_size = QPL_EMU_JOB_SIZE;
    return QPL_STS_OK;
}

EMU_API qpl_status qpl_init_job(qpl_path_t path, qpl_job *job)
{
    ensure_config();
    if (job == NULL) return QPL_STS_NULL_PTR_ERR;
    if (path < qpl_path_auto || path > qpl_path_software) return QPL_STS_LIBRARY_INTERNAL_ERR;
    emu_config cfg;
    unsigned gen;
    emu_snapshot(&state, &cfg, &gen);
    int effective = path;
    if (path == qpl_path_auto) effective = cfg.device ? qpl_path_hardware : qpl_path_software;
    if (effective == qpl_path_hardware && !cfg.device) return QPL_STS_INIT_LIBACCEL_NOT_FOUND;

    qpl_emu_state *s = job_state(job);
    if (s != NULL) {
        release_streams(s);           /* re-initialisation of a live job */
    } else {
        emu_inc(&counters[C_JOBS]);
    }
    memset(job, 0, sizeof *job);
    s = (qpl_emu_state *) ((unsigned char *) job + QPL_EMU_STATE_OFFSET);
    memset(s, 0, offsetof(qpl_emu_state, window));
    s->magic = QPL_EMU_MAGIC;
    s->path = effective;
    s->adler = 1;
    job->level = qpl_default_level;
    job->numa_id = -1;
    job->data_ptr = s;
    return QPL_STS_OK;
}

static qpl_status submit(qpl_job *job, int *submit_error)
{
    *submit_error = 0;
    ensure_config();
    emu_inc(&counters[C_CALLS]);
    if (job == NULL) {
        *submit_error = 1;
        return QPL_STS_NULL_PTR_ERR;
    }
    qpl_emu_state *s = job_state(job);
    if (s == NULL) {
        *submit_error = 1;
        return QPL_STS_NULL_PTR_ERR;  /* not initialised by qpl_init_job */
    }
    if (__atomic_exchange_n(&s->busy, 1, __ATOMIC_ACQUIRE) != 0) {
        emu_inc(&counters[C_MISUSE]);
        *submit_error = 1;
        return QPL_STS_LIBRARY_INTERNAL_ERR;
    }
    qpl_status st = run(job, s);
    s->result = st;
    s->has_result = 1;
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
    *submit_error = submit_time_status(st);
    return st;
}

EMU_API qpl_status qpl_execute_job(qpl_job *job)
{
    int submit_error;
    return submit(job, &submit_error);
}

EMU_API qpl_status qpl_submit_job(qpl_job *job)
{
    int submit_error;
    qpl_status st = submit(job, &submit_error);
    return submit_error ? st : QPL_STS_OK;
}

static qpl_status result_of(qpl_job *job)
{
    if (job == NULL) return QPL_STS_NULL_PTR_ERR;
    qpl_emu_state *s = job_state(job);
    if (s == NULL) return QPL_STS_NULL_PTR_ERR;
    if (!s->has_result) return QPL_STS_LIBRARY_INTERNAL_ERR;   /* nothing submitted */
    return s->result;
}

EMU_API qpl_status qpl_wait_job(qpl_job *job)
{
    return result_of(job);
}

EMU_API qpl_status qpl_check_job(qpl_job *job)
{
    return result_of(job);
}

EMU_API qpl_status qpl_fini_job(qpl_job *job)
{
    if (job == NULL) return QPL_STS_NULL_PTR_ERR;
    qpl_emu_state *s = job_state(job);
    if (s == NULL) return QPL_STS_OK;   /* never initialised or already finished */
    release_streams(s);
    s->magic = 0;
    job->data_ptr = NULL;
    emu_dec(&counters[C_JOBS]);
    return QPL_STS_OK;
}
