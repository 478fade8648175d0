/*
 * Native reference for the chunk benchmark: the same chunks, the same formats (zlib-wrapped
 * deflate, what java.util.zip.Deflater and so Cassandra's DeflateCompressor write), the same
 * engines the agent calls, but straight from C. The gap between these numbers and the agent's
 * is the cost of the JVM path (JNA call, buffer handling); the gap to stock is the win.
 *
 *   native_ref <data-file-or-corpus-dir> <chunk-bytes> [repetitions] [min-seconds-per-rep]
 *
 * A directory is read like the Java side reads a corpus set: regular files in name order,
 * concatenated. The data is cut into full chunks of <chunk-bytes>; the tail is dropped, so every
 * operation handles exactly <chunk-bytes> uncompressed bytes.
 *
 * Output, one line per engine and direction, made for the Java runner to parse:
 *   result engine=libdeflate level=6 op=compress mbps=<median> min=<..> max=<..> ratio=<compressed/original> chunks=<n>
 * MB/s are 10^6 uncompressed bytes per second for both directions.
 *
 * Serve mode, in which the chunk runner (NativeResults) measures it; written for the efficiency
 * experiment (retired, lab/README.md), which interleaved it with the agent's JVM repetition by
 * repetition (so both stay warm and neither runs while the other measures):
 *
 *   native_ref --serve <data-file> <chunk-bytes> <compress-capacity> <libdeflate-level> <igzip-level>
 *
 * compresses and checks every chunk once, prints "@@ ready ...", then answers stdin commands
 *   @@ measure engine=<libdeflate|igzip> op=<compress|decompress> rounds=<n> seconds=<min-per-round>
 * with "@@ result engine=.. op=.. mbps=<r1>,<r2>,..." (one MB/s per round, unsorted) until "quit",
 * which it answers with "@@ check ok=true ...": the lab's child protocol (ProtocolLine).
 * <compress-capacity> is the output room each compress call gets: the Java side passes what
 * Cassandra's DeflateCompressor allocates, so both sides run the library with the same room.
 *
 * Build: gcc -O2 -o native_ref native_ref.c -ldeflate -lisal
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <libdeflate.h>
#include <isa-l/igzip_lib.h>

#define LIBDEFLATE_LEVEL 6
#define IGZIP_LEVEL 1

static void die(const char *what) {
    fprintf(stderr, "native_ref: %s%s%s\n", what, errno ? ": " : "", errno ? strerror(errno) : "");
    exit(2);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- input: one file, or a corpus directory concatenated in name order ---- */

typedef struct { uint8_t *data; size_t len, cap; } bytes_t;

static void append_file(bytes_t *all, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) die(path);
    uint8_t buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (all->len + n > all->cap) {
            all->cap = (all->len + n) * 2;
            all->data = realloc(all->data, all->cap);
            if (!all->data) die("out of memory");
        }
        memcpy(all->data + all->len, buf, n);
        all->len += n;
    }
    fclose(f);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bytes_t read_input(const char *path) {
    bytes_t all = {0};
    struct stat st;
    if (stat(path, &st) != 0) die(path);
    if (!S_ISDIR(st.st_mode)) {
        append_file(&all, path);
        return all;
    }
    DIR *dir = opendir(path);
    if (!dir) die(path);
    char **names = NULL;
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (e->d_name[0] == '.' || stat(full, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        names = realloc(names, (count + 1) * sizeof *names);
        names[count++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, names[i]);
        append_file(&all, full);
        free(names[i]);
    }
    free(names);
    return all;
}

/* ---- engines: one compress and one decompress per chunk, zlib format ---- */

typedef struct engine engine_t;
struct engine {
    const char *name;
    int level;
    /* Return compressed length, 0 on failure. */
    size_t (*compress)(engine_t *, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap);
    /* Return decompressed length, 0 on failure. */
    size_t (*decompress)(engine_t *, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap);
    struct libdeflate_compressor *ld_c;
    struct libdeflate_decompressor *ld_d;
    uint8_t *isal_level_buf;
};

static size_t ld_compress(engine_t *e, const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    return libdeflate_zlib_compress(e->ld_c, in, n, out, cap);
}

static size_t ld_decompress(engine_t *e, const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    size_t actual = 0;
    if (libdeflate_zlib_decompress(e->ld_d, in, n, out, cap, &actual) != LIBDEFLATE_SUCCESS) return 0;
    return actual;
}

/* ISA-L's default level buffer per level, as the agent's IgzipEngine allocates it. */
static const uint32_t ISAL_LEVEL_BUF_SIZE[] = { ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT,
                                                ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT };

static size_t isal_compress(engine_t *e, const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    struct isal_zstream s;
    isal_deflate_stateless_init(&s);
    s.level = e->level;
    s.level_buf = e->isal_level_buf;
    s.level_buf_size = ISAL_LEVEL_BUF_SIZE[e->level];
    s.gzip_flag = IGZIP_ZLIB;
    s.hist_bits = ISAL_DEF_MAX_HIST_BITS; /* not set by isal_deflate_stateless_init; 1..14 shrink the window */
    s.flush = NO_FLUSH;
    s.end_of_stream = 1;
    s.next_in = (uint8_t *)in;
    s.avail_in = (uint32_t)n;
    s.next_out = out;
    s.avail_out = (uint32_t)cap;
    if (isal_deflate_stateless(&s) != COMP_OK) return 0;
    return s.total_out;
}

static size_t isal_decompress(engine_t *e, const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    (void)e;
    struct inflate_state s;
    isal_inflate_init(&s);
    s.crc_flag = ISAL_ZLIB;
    s.next_in = (uint8_t *)in;
    s.avail_in = (uint32_t)n;
    s.next_out = out;
    s.avail_out = (uint32_t)cap;
    if (isal_inflate_stateless(&s) != ISAL_DECOMP_OK) return 0;
    return s.total_out;
}

/* ---- timing ---- */

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct { double median, min, max; } stats_t;

static stats_t summarize(double *v, int n) {
    qsort(v, n, sizeof *v, by_value);
    stats_t s = { n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v[0], v[n - 1] };
    return s;
}

static volatile size_t sink; /* keeps results observable so the loops cannot be dropped */

/* Every chunk compressed once (kept for the decompress loop), round trips checked. */
typedef struct { uint8_t **packed; size_t *packed_len; double ratio; } prepared_t;

static prepared_t prepare(engine_t *e, const uint8_t *data, size_t chunk, size_t chunks, size_t cap) {
    prepared_t p = { malloc(chunks * sizeof *p.packed), malloc(chunks * sizeof *p.packed_len), 0 };
    uint8_t *out = malloc(cap), *restored = malloc(chunk);
    if (!p.packed || !p.packed_len || !out || !restored) die("out of memory");
    size_t total_packed = 0;
    for (size_t i = 0; i < chunks; i++) {
        const uint8_t *in = data + i * chunk;
        size_t len = e->compress(e, in, chunk, out, cap);
        if (len == 0) { fprintf(stderr, "native_ref: %s compress failed (output room %zu)\n", e->name, cap); exit(3); }
        p.packed[i] = malloc(len);
        if (!p.packed[i]) die("out of memory");
        memcpy(p.packed[i], out, len);
        p.packed_len[i] = len;
        total_packed += len;
        if (e->decompress(e, p.packed[i], len, restored, chunk) != chunk || memcmp(restored, in, chunk) != 0) {
            fprintf(stderr, "native_ref: %s round trip mismatch on chunk %zu\n", e->name, i);
            exit(3);
        }
    }
    free(out);
    free(restored);
    p.ratio = (double)total_packed / (double)(chunk * chunks);
    return p;
}

static void release(prepared_t *p, size_t chunks) {
    for (size_t i = 0; i < chunks; i++) free(p->packed[i]);
    free(p->packed);
    free(p->packed_len);
}

/* One round: whole passes over every chunk until min_seconds have gone by; MB/s of uncompressed data. */
static double timed_round(engine_t *e, int direction, const uint8_t *data, size_t chunk, size_t chunks,
                          const prepared_t *p, uint8_t *out, size_t cap, uint8_t *restored, double min_seconds) {
    size_t ops = 0;
    double start = now_seconds(), elapsed;
    do {
        for (size_t i = 0; i < chunks; i++) {
            sink += direction == 0
                ? e->compress(e, data + i * chunk, chunk, out, cap)
                : e->decompress(e, p->packed[i], p->packed_len[i], restored, chunk);
        }
        ops += chunks;
        elapsed = now_seconds() - start;
    } while (elapsed < min_seconds);
    return (double)ops * chunk / elapsed / 1e6;
}

static void run_engine(engine_t *e, const uint8_t *data, size_t chunk, size_t chunks, int reps, double min_seconds) {
    size_t cap = chunk + chunk / 8 + ISAL_DEF_MAX_HDR_SIZE + 1024;
    uint8_t *out = malloc(cap), *restored = malloc(chunk);
    if (!out || !restored) die("out of memory");
    prepared_t p = prepare(e, data, chunk, chunks, cap);

    double *rate = malloc(reps * sizeof *rate);
    for (int direction = 0; direction < 2; direction++) {
        for (int r = 0; r < reps + 1; r++) { /* repetition 0 is warm-up, not counted */
            double mbps = timed_round(e, direction, data, chunk, chunks, &p, out, cap, restored, min_seconds);
            if (r > 0) rate[r - 1] = mbps;
        }
        stats_t s = summarize(rate, reps);
        printf("result engine=%s level=%d op=%s mbps=%.1f min=%.1f max=%.1f ratio=%.4f chunks=%zu\n",
               e->name, e->level, direction == 0 ? "compress" : "decompress",
               s.median, s.min, s.max, p.ratio, chunks);
        fflush(stdout);
    }
    free(rate);
    release(&p, chunks);
    free(out); free(restored);
}

/* ---- serve mode: measure on command, for interleaving with the agent's JVM ---- */

static int serve(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: %s --serve <data-file> <chunk-bytes> <compress-capacity> <libdeflate-level> <igzip-level>\n", argv[0]);
        return 1;
    }
    bytes_t input = read_input(argv[2]);
    size_t chunk = strtoul(argv[3], NULL, 10);
    size_t cap = strtoul(argv[4], NULL, 10);
    int ld_level = atoi(argv[5]), ig_level = atoi(argv[6]);
    if (chunk == 0 || cap == 0 || ld_level < 0 || ld_level > 12 || ig_level < 0 || ig_level > 3) {
        fprintf(stderr, "native_ref: bad chunk size, capacity or level\n");
        return 1;
    }
    size_t chunks = input.len / chunk;
    if (chunks == 0) { fprintf(stderr, "native_ref: input smaller than one chunk\n"); return 1; }

    engine_t engines[2] = {
        { "libdeflate", ld_level, ld_compress, ld_decompress,
          libdeflate_alloc_compressor(ld_level), libdeflate_alloc_decompressor(), NULL },
        { "igzip", ig_level, isal_compress, isal_decompress, NULL, NULL,
          malloc(ISAL_LEVEL_BUF_SIZE[ig_level] ? ISAL_LEVEL_BUF_SIZE[ig_level] : 1) },
    };
    if (!engines[0].ld_c || !engines[0].ld_d || !engines[1].isal_level_buf) die("engine allocation failed");
    prepared_t prepared[2];
    for (int k = 0; k < 2; k++) prepared[k] = prepare(&engines[k], input.data, chunk, chunks, cap);
    uint8_t *out = malloc(cap), *restored = malloc(chunk);
    if (!out || !restored) die("out of memory");

    printf("@@ ready libdeflate=%s chunks=%zu chunk=%zu capacity=%zu ratio_libdeflate=%.4f ratio_igzip=%.4f\n",
           LIBDEFLATE_VERSION_STRING, chunks, chunk, cap, prepared[0].ratio, prepared[1].ratio);
    fflush(stdout);

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char engine[32], op[32];
        int rounds;
        double seconds;
        if (strncmp(line, "quit", 4) == 0) break;
        if (sscanf(line, "@@ measure engine=%31s op=%31s rounds=%d seconds=%lf", engine, op, &rounds, &seconds) != 4
            || rounds < 1) {
            printf("@@ error message=bad_command\n");
            fflush(stdout);
            continue;
        }
        int k = strcmp(engine, "libdeflate") == 0 ? 0 : strcmp(engine, "igzip") == 0 ? 1 : -1;
        int direction = strcmp(op, "compress") == 0 ? 0 : strcmp(op, "decompress") == 0 ? 1 : -1;
        if (k < 0 || direction < 0) {
            printf("@@ error message=unknown_engine_or_op\n");
            fflush(stdout);
            continue;
        }
        printf("@@ result engine=%s op=%s mbps=", engine, op);
        for (int r = 0; r < rounds; r++) {
            double mbps = timed_round(&engines[k], direction, input.data, chunk, chunks, &prepared[k],
                                      out, cap, restored, seconds);
            printf(r == 0 ? "%.2f" : ",%.2f", mbps);
        }
        printf("\n");
        fflush(stdout);
    }
    printf("@@ check ok=true summary=native_ref\n");
    fflush(stdout);
    for (int k = 0; k < 2; k++) release(&prepared[k], chunks);
    libdeflate_free_compressor(engines[0].ld_c);
    libdeflate_free_decompressor(engines[0].ld_d);
    free(engines[1].isal_level_buf);
    free(out); free(restored); free(input.data);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--serve") == 0) return serve(argc, argv);
    if (argc < 3) {
        fprintf(stderr, "usage: %s <data-file-or-corpus-dir> <chunk-bytes> [repetitions=7] [min-seconds-per-rep=0.3]\n", argv[0]);
        return 1;
    }
    bytes_t input = read_input(argv[1]);
    size_t chunk = strtoul(argv[2], NULL, 10);
    int reps = argc > 3 ? atoi(argv[3]) : 7;
    double min_seconds = argc > 4 ? atof(argv[4]) : 0.3;
    if (chunk == 0 || reps < 1) { fprintf(stderr, "native_ref: bad chunk size or repetitions\n"); return 1; }
    size_t chunks = input.len / chunk;
    if (chunks == 0) { fprintf(stderr, "native_ref: input smaller than one chunk\n"); return 1; }

    printf("info libdeflate=%s input_bytes=%zu chunk=%zu chunks=%zu reps=%d\n",
           LIBDEFLATE_VERSION_STRING, input.len, chunk, chunks, reps);

    engine_t libdeflate = { "libdeflate", LIBDEFLATE_LEVEL, ld_compress, ld_decompress,
                            libdeflate_alloc_compressor(LIBDEFLATE_LEVEL), libdeflate_alloc_decompressor(), NULL };
    if (!libdeflate.ld_c || !libdeflate.ld_d) die("libdeflate allocation failed");
    engine_t igzip = { "igzip", IGZIP_LEVEL, isal_compress, isal_decompress, NULL, NULL,
                       malloc(ISAL_DEF_LVL1_DEFAULT) };
    if (!igzip.isal_level_buf) die("out of memory");

    run_engine(&libdeflate, input.data, chunk, chunks, reps, min_seconds);
    run_engine(&igzip, input.data, chunk, chunks, reps, min_seconds);

    libdeflate_free_compressor(libdeflate.ld_c);
    libdeflate_free_decompressor(libdeflate.ld_d);
    free(igzip.isal_level_buf);
    free(input.data);
    return 0;
}
