package dev.deflateaccel.it;

/** The counters of one engine in one direction, as the agent's MBean exposes them. */
final class EngineCounters {

    static final EngineCounters ZERO = new EngineCounters(0, 0, 0, 0, 0);

    final long operations;
    final long bytesIn;
    final long bytesOut;
    final long errors;
    final long fallbacks;

    EngineCounters(long operations, long bytesIn, long bytesOut, long errors, long fallbacks) {
        this.operations = operations;
        this.bytesIn = bytesIn;
        this.bytesOut = bytesOut;
        this.errors = errors;
        this.fallbacks = fallbacks;
    }

    EngineCounters minus(EngineCounters earlier) {
        return new EngineCounters(operations - earlier.operations, bytesIn - earlier.bytesIn,
                bytesOut - earlier.bytesOut, errors - earlier.errors, fallbacks - earlier.fallbacks);
    }

    @Override
    public String toString() {
        return "ops=" + operations + " in=" + bytesIn + " out=" + bytesOut + " errors=" + errors + " fallbacks=" + fallbacks;
    }
}
