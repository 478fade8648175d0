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

    /** {@code max_native_contexts} (0 = 4 per CPU, at least 8) and {@code max_native_buffer_kb}. */
    public static EngineLimits from(AccelConfig config) {
        int configured = config.intValue(ConfigKey.MAX_NATIVE_CONTEXTS);
        int contexts = configured > 0 ? configured : Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
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
