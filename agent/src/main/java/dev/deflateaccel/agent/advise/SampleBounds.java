package dev.deflateaccel.agent.advise;

/**
 * How much the advisor reads and how long it runs. The defaults keep a run on a node under a
 * minute and each table's sample (uncompressed and stored copies) under 64 MiB of heap.
 */
final class SampleBounds {
    static final int DEFAULT_CHUNKS = 4096;
    static final int DEFAULT_MIB = 32;
    static final int DEFAULT_SECONDS = 40;

    /** Chunks per table and compressor. */
    final int maxChunks;
    /** Uncompressed bytes per table and compressor. */
    final long maxBytes;
    /**
     * The whole run, split among the tables by size ({@link TimeBudget}); each table's share covers
     * reading, the size pass (cut short at its deadline, every engine at the same chunk, except
     * with {@link #allChunks}) and the timing rounds (at least three).
     */
    final int seconds;
    /** Every chunk, with no chunk or byte bound (the time bound still holds). */
    final boolean allChunks;

    SampleBounds(int maxChunks, long maxBytes, int seconds, boolean allChunks) {
        this.maxChunks = maxChunks;
        this.maxBytes = maxBytes;
        this.seconds = seconds;
        this.allChunks = allChunks;
    }

    static SampleBounds defaults() {
        return new SampleBounds(DEFAULT_CHUNKS, (long) DEFAULT_MIB << 20, DEFAULT_SECONDS, false);
    }
}
