package dev.deflateaccel.bridge;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;

/** The limits every engine is opened with: its context bound and the largest chunk it takes. */
public final class EngineLimits {
    private final int maxContexts;
    private final int maxBufferBytes;

    public EngineLimits(int maxContexts, int maxBufferBytes) {
        this.maxContexts = maxContexts;
        this.maxBufferBytes = maxBufferBytes;
    }

    /**
     * The default context bound: enough for every thread Cassandra runs a chunk on at once with its
     * stock settings (32 concurrent_reads, up to 8 concurrent_compactors, 2 flush writers, plus
     * repair and streaming), so that a call finds a context even on a small machine where threads
     * are descheduled in the middle of a call; and 4 per CPU on machines big enough for more.
     * Contexts are created only when that many calls are in flight at once. A bound below the
     * number of concurrent callers sends the excess to stock code: 8 contexts under 64 threads
     * gave 0.39-0.67 of the best throughput (lab/run-scaling-bench.sh).
     */
    static final int DEFAULT_MIN_CONTEXTS = 64;
    /**
     * The default bound stops growing at 128 (32 CPUs): each context keeps its engine's state
     * between calls (656 KiB for libdeflate 6, up to 740 KiB for a QPL job), and 4 per CPU at 128
     * CPUs would keep over 300 MiB per engine and direction. 128 still covers Cassandra's chunk
     * threads when an operator raises concurrent_reads for a big host.
     */
    static final int DEFAULT_MAX_CONTEXTS = 128;

    /** {@code max_native_contexts} (0 = 4 per CPU, from 64 to 128) and {@code max_native_buffer_kb}. */
    public static EngineLimits from(AccelConfig config) {
        return from(config, Runtime.getRuntime().availableProcessors());
    }

    /** The same for a host with that many CPUs (the doctor's bound, tests). */
    static EngineLimits from(AccelConfig config, int cpus) {
        int configured = config.intValue(ConfigKey.MAX_NATIVE_CONTEXTS);
        int contexts = configured > 0 ? configured : defaultContexts(cpus);
        return new EngineLimits(contexts, config.intValue(ConfigKey.MAX_NATIVE_BUFFER_KB) * 1024);
    }

    static int defaultContexts(int cpus) {
        return Math.min(DEFAULT_MAX_CONTEXTS, Math.max(DEFAULT_MIN_CONTEXTS, 4 * cpus));
    }

    /** Contexts per engine and direction. */
    public int maxContexts() {
        return maxContexts;
    }

    /** The largest input a native engine takes; larger ones go to the next engine. */
    public int maxBufferBytes() {
        return maxBufferBytes;
    }
}
