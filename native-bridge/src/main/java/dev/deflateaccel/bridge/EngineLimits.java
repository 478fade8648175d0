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
     * The default context bound, 64 on every host. It covers every thread stock Cassandra runs a
     * chunk on at once (32 concurrent_reads, up to 8 concurrent_compactors, 2 flush writers, plus
     * repair and streaming), so that with stock settings a call always finds a context, however
     * many CPUs there are. Measured at a fixed thread count on 2 CPUs (the retired scaling experiment,
     * lab/README.md; lab/results/20261203-052111-scaling.md and 20261203-052636-scaling.md): at 64, 128 and 256
     * threads, 64 contexts left no call without one, 32 left 1-6% to stock code, 8 left 22-55%,
     * and 128 contexts gave the same throughput as 64. The bound used to grow with the CPUs to
     * 128; no measurement showed that growth doing anything, so it went. A host whose operator
     * raises concurrent_reads or concurrent_compactors needs max_native_contexts raised to match.
     * Contexts are created only when that many calls are in flight at once.
     */
    static final int DEFAULT_CONTEXTS = 64;

    /** {@code max_native_contexts} (0 = {@value #DEFAULT_CONTEXTS}) and {@code max_native_buffer_kb}. */
    public static EngineLimits from(AccelConfig config) {
        int configured = config.intValue(ConfigKey.MAX_NATIVE_CONTEXTS);
        int contexts = configured > 0 ? configured : DEFAULT_CONTEXTS;
        return new EngineLimits(contexts, config.intValue(ConfigKey.MAX_NATIVE_BUFFER_KB) * 1024);
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
