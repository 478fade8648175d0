package dev.deflateaccel.bridge.stats;

import java.util.EnumMap;
import java.util.Map;

import dev.deflateaccel.bridge.engine.FallbackReason;

/** The counters of one engine in one direction at one moment, as its MBean showed them. */
public final class StatisticsSnapshot {
    public final String engine;
    public final String direction;
    public final long operations;
    public final long bytesIn;
    public final long bytesOut;
    public final long errors;
    public final long fallbacks;
    public final long nativeBytes;
    /** CPU nanoseconds of the calls this engine served (CodecClock's sampled estimate, every caller group). */
    public final long cpuNanos;
    private final Map<FallbackReason, Long> fallbacksByReason;

    public StatisticsSnapshot(String engine, String direction, long operations, long bytesIn, long bytesOut,
                              long errors, long fallbacks, long nativeBytes, long cpuNanos,
                              Map<FallbackReason, Long> fallbacksByReason) {
        this.engine = engine;
        this.direction = direction;
        this.operations = operations;
        this.bytesIn = bytesIn;
        this.bytesOut = bytesOut;
        this.errors = errors;
        this.fallbacks = fallbacks;
        this.nativeBytes = nativeBytes;
        this.cpuNanos = cpuNanos;
        this.fallbacksByReason = new EnumMap<>(FallbackReason.class);
        this.fallbacksByReason.putAll(fallbacksByReason);
    }

    public long fallbacks(FallbackReason reason) {
        return fallbacksByReason.getOrDefault(reason, 0L);
    }

    /** The attribute name of a reason's counter: {@code Fallbacks<Reason>}, e.g. FallbacksContextsBusy. */
    public static String attributeOf(FallbackReason reason) {
        StringBuilder name = new StringBuilder("Fallbacks");
        for (String word : reason.name().split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return name.toString();
    }

    @Override
    public String toString() {
        return engine + "/" + direction + "{ops=" + operations + ", in=" + bytesIn + ", out=" + bytesOut + ", errors="
                + errors + ", fallbacks=" + fallbacks + ", nativeBytes=" + nativeBytes + "}";
    }
}
