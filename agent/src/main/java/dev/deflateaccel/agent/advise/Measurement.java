package dev.deflateaccel.agent.advise;

/**
 * One engine and level on one group's sample: the bytes its chunks would take, whether every
 * chunk came back identical, and its speeds. For the current compressor, the sizes are the
 * stored ones.
 */
final class Measurement {
    /** Null for the current compressor's row. */
    final Candidate candidate;
    final String label;
    /** Null when measured; else why not (library missing, no device, declined a chunk). */
    final String notMeasured;
    /** Null when every chunk round-tripped; else the first chunk that did not, and how. */
    final String roundTripFailure;
    /** Σ over the sample of what each chunk would occupy in Data.db with this engine. */
    final long sampleBytes;
    final Rates compress;
    final Rates decompress;
    /**
     * The sampling margin on the size predicted from {@link #sampleBytes} ({@link SizeMargin}), a
     * fraction; 0 for the current row and when every chunk was read. Kept instead of the chunks'
     * sizes: a node of hundreds of tables must stay within a small heap.
     */
    final double sizeMargin;

    Measurement(Candidate candidate, String label, String notMeasured, String roundTripFailure, long sampleBytes,
            Rates compress, Rates decompress, double sizeMargin) {
        this.candidate = candidate;
        this.label = label;
        this.notMeasured = notMeasured;
        this.roundTripFailure = roundTripFailure;
        this.sampleBytes = sampleBytes;
        this.compress = compress;
        this.decompress = decompress;
        this.sizeMargin = sizeMargin;
    }

    static Measurement notMeasured(Candidate candidate, String why) {
        return new Measurement(candidate, candidate.label(), why, null, 0, Rates.NONE, Rates.NONE, 0);
    }

    /** Measured, every chunk round-tripped: a row the recommendation may pick. */
    boolean usable() {
        return notMeasured == null && roundTripFailure == null && compress.measured() && decompress.measured();
    }

    /** Compaction reads every chunk once and writes it once: CPU s per GB of uncompressed data. */
    double compactionSecondsPerGB() {
        return compress.secondsPerGB() + decompress.secondsPerGB();
    }
}
