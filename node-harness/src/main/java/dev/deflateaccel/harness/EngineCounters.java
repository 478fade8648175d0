package dev.deflateaccel.harness;

/** The counters of one engine in one direction, as the agent's MBean exposes them. */
public final class EngineCounters {

    public static final EngineCounters ZERO = new EngineCounters(0, 0, 0, 0, 0);

    public final long operations;
    public final long bytesIn;
    public final long bytesOut;
    public final long errors;
    public final long fallbacks;
    /** CPU nanoseconds of the calls served, as the agent's sampled codec clock estimates them. */
    public final long cpuNanos;

    public EngineCounters(long operations, long bytesIn, long bytesOut, long errors, long fallbacks) {
        this(operations, bytesIn, bytesOut, errors, fallbacks, 0);
    }

    public EngineCounters(long operations, long bytesIn, long bytesOut, long errors, long fallbacks, long cpuNanos) {
        this.operations = operations;
        this.bytesIn = bytesIn;
        this.bytesOut = bytesOut;
        this.errors = errors;
        this.fallbacks = fallbacks;
        this.cpuNanos = cpuNanos;
    }

    public EngineCounters minus(EngineCounters earlier) {
        return new EngineCounters(operations - earlier.operations, bytesIn - earlier.bytesIn,
                bytesOut - earlier.bytesOut, errors - earlier.errors, fallbacks - earlier.fallbacks,
                cpuNanos - earlier.cpuNanos);
    }

    @Override
    public String toString() {
        return "ops=" + operations + " in=" + bytesIn + " out=" + bytesOut + " errors=" + errors + " fallbacks=" + fallbacks
                + " cpuNanos=" + cpuNanos;
    }
}
