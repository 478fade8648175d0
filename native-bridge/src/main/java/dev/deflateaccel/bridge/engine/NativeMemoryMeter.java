package dev.deflateaccel.bridge.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The native bytes one engine holds in one direction: its contexts' staging buffers plus the
 * library's own per-context state. Updated only when memory is allocated or freed, never per
 * call, so a plain AtomicLong is cheap enough. Read by JMX and by the memory-bound test.
 */
public final class NativeMemoryMeter {
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    void allocated(long n) {
        long now = bytes.addAndGet(n);
        peak.accumulateAndGet(now, Math::max);
    }

    void freed(long n) {
        bytes.addAndGet(-n);
    }

    /** Bytes held now. */
    public long bytes() {
        return bytes.get();
    }

    /** The most ever held at once. */
    public long peakBytes() {
        return peak.get();
    }
}
