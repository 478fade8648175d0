package dev.deflateaccel.bridge.config;

/**
 * Every key of the config file. The first group are zlib-accel's keys with its ranges and
 * defaults (an operator's existing /etc/zlib-accel.conf means the same thing here); the second
 * group are this project's own.
 */
public enum ConfigKey {
    // zlib-accel keys (config/config.cpp), same names, ranges and defaults (log_stats_samples: see there).
    USE_QAT_COMPRESS("use_qat_compress", 0, 1, 1),
    USE_QAT_UNCOMPRESS("use_qat_uncompress", 0, 1, 1),
    USE_IAA_COMPRESS("use_iaa_compress", 0, 1, 0),
    USE_IAA_UNCOMPRESS("use_iaa_uncompress", 0, 1, 0),
    USE_ZLIB_COMPRESS("use_zlib_compress", 0, 1, 1),
    USE_ZLIB_UNCOMPRESS("use_zlib_uncompress", 0, 1, 1),
    USE_IGZIP_COMPRESS("use_igzip_compress", 0, 1, 0),
    USE_IGZIP_UNCOMPRESS("use_igzip_uncompress", 0, 1, 0),
    IGZIP_FALLBACK("igzip_fallback", 0, 1, 1),
    IAA_COMPRESS_PERCENTAGE("iaa_compress_percentage", 0, 100, 50),
    IAA_UNCOMPRESS_PERCENTAGE("iaa_uncompress_percentage", 0, 100, 50),
    IAA_PREPEND_EMPTY_BLOCK("iaa_prepend_empty_block", 0, 1, 0),
    QAT_PERIODICAL_POLLING("qat_periodical_polling", 0, 1, 0),
    QAT_COMPRESSION_LEVEL("qat_compression_level", 1, 9, 1),
    QAT_COMPRESSION_ALLOW_CHUNKING("qat_compression_allow_chunking", 0, 1, 0),
    IGNORE_ZLIB_DICTIONARY("ignore_zlib_dictionary", 0, 1, 0),
    LOG_LEVEL("log_level", 0, 3, 1),
    /**
     * Log every counter each N completed calls; 0 = never. Same meaning and range as zlib-accel's
     * key (statistics.cpp: printed when the call count is a multiple of N, none at 0, whatever
     * log_level says), but default 0, not 1000: zlib-accel prints statistics only when built with
     * ENABLE_STATISTICS, which is off by default, so its default build prints none. With 1000 and
     * one build for everyone, every node would log all counters each 1000 chunks.
     */
    LOG_STATS_SAMPLES("log_stats_samples", 0, 4294967295L, 0),
    LOG_FILE("log_file"),
    /**
     * Shards of zlib-accel's internal per-stream map (its PR #59): 2-65536, a power of two, as
     * upstream validates it. We keep no such map, so it is only validated (an operator's file
     * stays warning-free) and reported once as having no effect.
     */
    MAP_SHARDS("map_shards", 2, 65536, 64) {
        @Override
        public boolean accepts(long value) {
            return super.accepts(value) && Long.bitCount(value) == 1;
        }

        @Override
        public String range() {
            return "a power of two " + min() + "-" + max();
        }

        @Override
        public boolean hasEffect() {
            return false;
        }
    },

    // This project's keys.
    /** libdeflate is on by default: faster than zlib at level 6 with a ratio at least as good. */
    USE_LIBDEFLATE_COMPRESS("use_libdeflate_compress", 0, 1, 1),
    USE_LIBDEFLATE_UNCOMPRESS("use_libdeflate_uncompress", 0, 1, 1),
    /** 1 is ISA-L's fast level (~7% larger output than zlib 6 on Calgary); 0-3 as in ISA-L. */
    IGZIP_COMPRESSION_LEVEL("igzip_compression_level", 0, 3, 1),
    /** 6 matches stock Cassandra's java.util.zip default level (its ratio or better). */
    LIBDEFLATE_COMPRESSION_LEVEL("libdeflate_compression_level", 1, 12, 6),
    /** Library to load instead of the Debian soname; for hosts that install it elsewhere. */
    LIBDEFLATE_LIBRARY("libdeflate_library"),
    IGZIP_LIBRARY("igzip_library"),
    /** QATzip library instead of libqatzip.so.3 (vendor builds often live under /usr/local/lib). */
    QAT_LIBRARY("qat_library"),
    /** QPL library instead of libqpl.so. */
    IAA_LIBRARY("iaa_library"),
    /**
     * Decode every accelerator-compressed chunk on the CPU before it is returned. zlib-accel
     * trusts the device; we do not by default, because a silently bad chunk in an SSTable is
     * data loss. Costs a decompression per compression (verify at ~300+ MB/s).
     */
    VERIFY_ACCELERATOR_OUTPUT("verify_accelerator_output", 0, 1, 1),
    /**
     * Native contexts (engine state plus staging buffers) per engine and direction. Bounded
     * independently of the thread count: Cassandra runs hundreds of threads, but only its read,
     * compaction, flush, repair and streaming threads handle chunks. A call that finds every
     * context busy goes to the next engine (counted as CONTEXTS_BUSY). 0 means 64, enough for
     * stock Cassandra's chunk threads on any host (see EngineLimits).
     */
    MAX_NATIVE_CONTEXTS("max_native_contexts", 0, 4096, 0),
    /**
     * Largest input (and staged output) a native engine takes, in KiB. Cassandra chunks are
     * 4-64 KiB by default; larger calls go to the next engine so staging memory stays bounded.
     */
    MAX_NATIVE_BUFFER_KB("max_native_buffer_kb", 64, 65536, 1024),
    /**
     * Every N minutes, one line in the node's log with the codec's share of the process's CPU
     * (the status command's line); 0 = never. The share itself is always measured (on a sample of
     * calls; see CodecClock) and always in status and JMX.
     */
    LOG_CODEC_CPU_MINUTES("log_codec_cpu_minutes", 0, 1440, 10),
    /**
     * The Linux nice value of Cassandra's compaction threads, set by each on its first codec calls
     * (CompactionThreadNice); 0 leaves them alone. 19 is the lowest CPU priority.
     */
    COMPACTION_THREAD_NICE("compaction_thread_nice", 0, 19, 0),
    /**
     * Every N MiB a compaction adds to an SSTable's Data.db, start the writeback of those MiB and
     * wait for the N before them (sync_file_range; WritebackPacer), so that its output is not
     * left dirty to be written back all at once at its end; 0 = off. For buffered writes (4.0-6.0);
     * 6.0's direct writes leave nothing to pace.
     */
    COMPACTION_WRITEBACK_MIB("compaction_writeback_mib", 0, 1024, 0),
    /** With compaction_writeback_mib: drop each range written back from the page cache (POSIX_FADV_DONTNEED), as direct writes leave it. */
    COMPACTION_WRITEBACK_DROP_CACHE("compaction_writeback_drop_cache", 0, 1, 0);

    private final String key;
    private final long min;
    private final long max;
    private final long defaultValue;
    private final boolean text;

    ConfigKey(String key, long min, long max, long defaultValue) {
        this.key = key;
        this.min = min;
        this.max = max;
        this.defaultValue = defaultValue;
        this.text = false;
    }

    /** A key whose value is a path; empty by default. */
    ConfigKey(String key) {
        this.key = key;
        this.min = 0;
        this.max = 0;
        this.defaultValue = 0;
        this.text = true;
    }

    public String key() {
        return key;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    public long defaultValue() {
        return defaultValue;
    }

    public boolean isText() {
        return text;
    }

    /** Whether a numeric value is valid for this key (zlib-accel's check for its keys). */
    public boolean accepts(long value) {
        return !text && value >= min && value <= max;
    }

    /** The valid values, as warnings state them. */
    public String range() {
        return "an integer " + min + "-" + max;
    }

    /** False for keys accepted only so that a zlib-accel file parses cleanly. */
    public boolean hasEffect() {
        return true;
    }

    public static ConfigKey forKey(String key) {
        for (ConfigKey k : values()) {
            if (k.key.equals(key)) {
                return k;
            }
        }
        return null;
    }
}
