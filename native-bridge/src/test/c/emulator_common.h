/*
 * Shared helpers of the clean-room device emulators (qatzip_emulator.c, qpl_emulator.c):
 * fault-injection configuration, a lock-free per-thread PRNG, counters and a stored-block
 * (zlib level 0 style) stream writer. Written from /work/shared/abi/README.md only.
 *
 * Everything here is static: each emulator library gets its own copy (its own configuration,
 * counters and thread-local PRNG state), and nothing here is exported.
 */
#ifndef DEFLATEACCEL_EMULATOR_COMMON_H
#define DEFLATEACCEL_EMULATOR_COMMON_H

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <zlib.h>

#define EMU_API __attribute__((visibility("default")))
#define EMU_UNUSED __attribute__((unused))

/* ---------------------------------------------------------------- configuration */

typedef struct {
    int device;              /* 1: the emulated device is present */
    double error_rate;       /* probability a data call fails with error_code */
    double busy_rate;        /* probability a data call reports "busy" */
    double overflow_rate;    /* probability a data call claims the output does not fit */
    double truncate_rate;    /* probability of OK with too few output bytes (silently wrong) */
    double corrupt_rate;     /* probability of OK with one output byte flipped (silently wrong; see emu_corrupt) */
    int error_code;          /* status returned by the error fault */
    int copy_only;           /* compress writes stored blocks only (still a valid stream) */
    unsigned long long seed; /* PRNG seed (per thread: seed + thread id) */
} emu_config;

typedef enum {
    EMU_FAULT_NONE = 0,
    EMU_FAULT_ERROR,
    EMU_FAULT_BUSY,
    EMU_FAULT_OVERFLOW,
    EMU_FAULT_TRUNCATE,
    EMU_FAULT_CORRUPT
} emu_fault;

typedef struct {
    pthread_mutex_t lock;
    emu_config cfg;
    unsigned gen;            /* bumped on every successful (re)configuration; read atomically */
} emu_state;

static void emu_defaults(emu_config *c, int default_error_code)
{
    memset(c, 0, sizeof *c);
    c->device = 1;
    c->error_code = default_error_code;
}

static int emu_parse_rate(const char *v, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (errno != 0 || end == v || *end != '\0' || !(d >= 0.0 && d <= 1.0)) {
        return -1;
    }
    *out = d;
    return 0;
}

static int emu_parse_bool(const char *v, int *out)
{
    if (strcmp(v, "0") == 0) { *out = 0; return 0; }
    if (strcmp(v, "1") == 0) { *out = 1; return 0; }
    return -1;
}

/*
 * Parses "key=value,key=value" into *out, starting from the defaults (a configuration is
 * replaced as a whole, never merged). *reset_counts is set when reset_counts=1 is present.
 * Returns 0, or -1 for a bad spec (unknown key, bad value, rates adding up to more than 1).
 */
static int emu_parse_spec(const char *spec, int default_error_code, emu_config *out, int *reset_counts)
{
    emu_config c;
    emu_defaults(&c, default_error_code);
    *reset_counts = 0;
    if (spec == NULL) {
        *out = c;
        return 0;
    }
    size_t len = strlen(spec);
    char *buf = malloc(len + 1);
    if (buf == NULL) {
        return -1;
    }
    memcpy(buf, spec, len + 1);
    int rc = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ' || *tok == '\t') tok++;
        char *e = tok + strlen(tok);
        while (e > tok && (e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
        if (*tok == '\0') continue;
        char *eq = strchr(tok, '=');
        if (eq == NULL) { rc = -1; break; }
        *eq = '\0';
        const char *k = tok, *v = eq + 1;
        char *end;
        if (strcmp(k, "device") == 0) {
            if (emu_parse_bool(v, &c.device)) { rc = -1; break; }
        } else if (strcmp(k, "error_rate") == 0) {
            if (emu_parse_rate(v, &c.error_rate)) { rc = -1; break; }
        } else if (strcmp(k, "busy_rate") == 0) {
            if (emu_parse_rate(v, &c.busy_rate)) { rc = -1; break; }
        } else if (strcmp(k, "overflow_rate") == 0) {
            if (emu_parse_rate(v, &c.overflow_rate)) { rc = -1; break; }
        } else if (strcmp(k, "truncate_rate") == 0) {
            if (emu_parse_rate(v, &c.truncate_rate)) { rc = -1; break; }
        } else if (strcmp(k, "corrupt_rate") == 0) {
            if (emu_parse_rate(v, &c.corrupt_rate)) { rc = -1; break; }
        } else if (strcmp(k, "error_code") == 0) {
            errno = 0;
            long n = strtol(v, &end, 10);
            if (errno != 0 || end == v || *end != '\0' || n < -2147483647L - 1 || n > 2147483647L) { rc = -1; break; }
            c.error_code = (int) n;
        } else if (strcmp(k, "copy_only") == 0) {
            if (emu_parse_bool(v, &c.copy_only)) { rc = -1; break; }
        } else if (strcmp(k, "seed") == 0) {
            errno = 0;
            unsigned long long n = strtoull(v, &end, 0);
            if (errno != 0 || end == v || *end != '\0' || *v == '-') { rc = -1; break; }
            c.seed = n;
        } else if (strcmp(k, "reset_counts") == 0) {
            if (emu_parse_bool(v, reset_counts)) { rc = -1; break; }
        } else {
            rc = -1;
            break;
        }
    }
    free(buf);
    if (rc == 0) {
        double sum = c.error_rate + c.busy_rate + c.overflow_rate + c.truncate_rate + c.corrupt_rate;
        if (sum > 1.0 + 1e-9) rc = -1;
    }
    if (rc == 0) *out = c;
    return rc;
}

/* Installs a parsed configuration (caller has validated it). */
static void emu_install(emu_state *st, const emu_config *c)
{
    pthread_mutex_lock(&st->lock);
    st->cfg = *c;
    __atomic_add_fetch(&st->gen, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&st->lock);
}

/* Takes a consistent copy of the configuration and its generation. */
static void emu_snapshot(emu_state *st, emu_config *c, unsigned *gen)
{
    pthread_mutex_lock(&st->lock);
    *c = st->cfg;
    *gen = __atomic_load_n(&st->gen, __ATOMIC_ACQUIRE);
    pthread_mutex_unlock(&st->lock);
}

/* Reads the environment variable once (called through pthread_once by each emulator). */
static void emu_load_env(emu_state *st, const char *env_name, const char *lib_name, int default_error_code)
{
    emu_config c;
    int reset;
    const char *spec = getenv(env_name);
    if (emu_parse_spec(spec, default_error_code, &c, &reset) != 0) {
        fprintf(stderr, "%s: ignoring bad %s spec \"%s\"; using defaults\n", lib_name, env_name, spec);
        emu_defaults(&c, default_error_code);
    }
    emu_install(st, &c);
}

/* ---------------------------------------------------------------- per-thread PRNG */

static __thread unsigned emu_tl_gen;       /* 0 = never seeded (generations start at 1) */
static __thread uint64_t emu_tl_rng;

static uint64_t emu_splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static double emu_uniform(const emu_config *c, unsigned gen)
{
    if (emu_tl_gen != gen) {
        uint64_t tid = (uint64_t) syscall(SYS_gettid);
        emu_tl_rng = emu_splitmix64((uint64_t) c->seed + tid);
        if (emu_tl_rng == 0) emu_tl_rng = 0x2545F4914F6CDD1DULL;
        emu_tl_gen = gen;
    }
    /* xorshift64* */
    uint64_t x = emu_tl_rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    emu_tl_rng = x;
    return (double) ((x * 0x2545F4914F6CDD1DULL) >> 11) * 0x1.0p-53;
}

/* One draw per data call; the rates partition [0,1) so each fires at exactly its rate. */
static emu_fault emu_draw(const emu_config *c, unsigned gen)
{
    double total = c->error_rate + c->busy_rate + c->overflow_rate + c->truncate_rate + c->corrupt_rate;
    if (total <= 0.0) return EMU_FAULT_NONE;
    double u = emu_uniform(c, gen), acc = 0.0;
    if (u < (acc += c->error_rate)) return EMU_FAULT_ERROR;
    if (u < (acc += c->busy_rate)) return EMU_FAULT_BUSY;
    if (u < (acc += c->overflow_rate)) return EMU_FAULT_OVERFLOW;
    if (u < (acc += c->truncate_rate)) return EMU_FAULT_TRUNCATE;
    if (u < (acc += c->corrupt_rate)) return EMU_FAULT_CORRUPT;
    return EMU_FAULT_NONE;
}

/* ---------------------------------------------------------------- counters */

static inline void emu_inc(unsigned long *counter)
{
    __atomic_add_fetch(counter, 1UL, __ATOMIC_RELAXED);
}

static inline void emu_dec(unsigned long *counter)
{
    __atomic_sub_fetch(counter, 1UL, __ATOMIC_RELAXED);
}

static inline unsigned long emu_get(const unsigned long *counter)
{
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

static inline void emu_zero(unsigned long *counter)
{
    __atomic_store_n(counter, 0UL, __ATOMIC_RELAXED);
}

/* ---------------------------------------------------------------- the corrupt fault */

/*
 * Whether the n-byte compressed output z decodes to exactly the expect_len bytes at expect, as
 * an inflater reading it would see it: windowBits wbits (15: zlib members, one after another;
 * -15: one raw deflate stream); bytes after the data are ignored. 0 when it cannot tell (no
 * memory), so the caller's flip stands.
 */
static int emu_decodes_to(const unsigned char *z, size_t n, int wbits, const unsigned char *expect, size_t expect_len)
{
    unsigned char *buf = malloc(expect_len + 1);
    if (buf == NULL) return 0;
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    if (inflateInit2(&zs, wbits) != Z_OK) {
        free(buf);
        return 0;
    }
    size_t in = 0, out = 0;
    int rc;
    do {
        if (in > 0) inflateReset(&zs);          /* the next zlib member */
        zs.next_in = (z_const Bytef *) (z + in);
        zs.avail_in = (uInt) (n - in);
        zs.next_out = buf + out;
        zs.avail_out = (uInt) (expect_len + 1 - out);
        rc = inflate(&zs, Z_FINISH);
        in = (size_t) (zs.next_in - z);
        out = (size_t) (zs.next_out - buf);
    } while (rc == Z_STREAM_END && wbits > 0 && in < n && out < expect_len);
    inflateEnd(&zs);
    int same = rc == Z_STREAM_END && out == expect_len && memcmp(buf, expect, expect_len) == 0;
    free(buf);
    return same;
}

/*
 * The corrupt fault on an n-byte successful output: flips one byte (XOR 0xff), the middle one
 * unless that leaves the result right. A decompressed output with a flipped byte is always
 * wrong. A compressed one (expect != NULL: the expect_len input it must decode to, wbits as for
 * emu_decodes_to) need not be: a byte that lies wholly in a match distance's extra bits turns
 * it into another distance, and where the data repeats, the bytes there are the same - a
 * different but valid stream of the same input, which no checker can (or should) reject. Then
 * the next byte is flipped instead, so every counted corrupt fault really is wrong output.
 * Returns 1 when the output was corrupted (count the fault), 0 when no single flip makes it
 * wrong (the output is left as it was: no fault).
 */
static int emu_corrupt(unsigned char *out, size_t n, int wbits, const unsigned char *expect, size_t expect_len)
{
    for (size_t k = 0; k < n; k++) {
        size_t i = (n / 2 + k) % n;
        out[i] ^= 0xff;
        if (expect == NULL || !emu_decodes_to(out, n, wbits, expect, expect_len)) return 1;
        out[i] ^= 0xff;
    }
    return 0;
}

/* ---------------------------------------------------------------- stored-block streams */

/*
 * Writes src as stored deflate blocks (what zlib level 0 writes), optionally wrapped in a zlib
 * header (hdr0, hdr1) and an Adler-32 trailer. BFINAL is set on the last block only when
 * `final` is set (so raw pieces can be chained into one stream). Returns the bytes written, or
 * 0 when cap is too small (a stream is never empty: at least one 5-byte block).
 */
static size_t emu_stored_stream(const unsigned char *src, size_t n, unsigned char *out, size_t cap,
                                int zlib_wrapper, unsigned char hdr0, unsigned char hdr1, int final)
{
    size_t blocks = n == 0 ? 1 : (n + 65534) / 65535;
    size_t need = n + 5 * blocks + (zlib_wrapper ? 6 : 0);
    if (need > cap) return 0;
    size_t o = 0;
    if (zlib_wrapper) {
        out[o++] = hdr0;
        out[o++] = hdr1;
    }
    size_t done = 0;
    for (size_t b = 0; b < blocks; b++) {
        size_t len = n - done > 65535 ? 65535 : n - done;
        out[o++] = (final && b + 1 == blocks) ? 1 : 0;
        out[o++] = (unsigned char) (len & 0xff);
        out[o++] = (unsigned char) (len >> 8);
        out[o++] = (unsigned char) (~len & 0xff);
        out[o++] = (unsigned char) ((~len >> 8) & 0xff);
        if (len) memcpy(out + o, src + done, len);
        o += len;
        done += len;
    }
    if (zlib_wrapper) {
        uLong a = adler32(1L, Z_NULL, 0);
        size_t off = 0;
        while (off < n) {             /* adler32 takes a uInt length */
            size_t chunk = n - off > 0x40000000u ? 0x40000000u : n - off;
            a = adler32(a, src + off, (uInt) chunk);
            off += chunk;
        }
        out[o++] = (unsigned char) (a >> 24);
        out[o++] = (unsigned char) (a >> 16);
        out[o++] = (unsigned char) (a >> 8);
        out[o++] = (unsigned char) a;
    }
    return o;
}

/* zlib header sanity per RFC 1950: FCHECK, CM=8, CINFO<=7. */
static inline int emu_zlib_header_valid(unsigned char b0, unsigned char b1)
{
    return ((((unsigned) b0 << 8) | b1) % 31u) == 0 && (b0 & 0x0f) == 8 && (b0 >> 4) <= 7;
}

#endif
