package dev.deflateaccel.agent.advise;

import java.util.Collections;
import java.util.List;

/**
 * What was measured on one table's SSTables of one compressor, in the operator's terms: each
 * engine's size of this table (the sample's ratio to the stored bytes, applied to the Data.db
 * files), and the CPU seconds a compaction of it would spend in the codec.
 */
final class TableAdvice {
    final SSTableGroup group;
    /** Null when the group could not be read (then {@link #notSampled} says why). */
    final String codec;
    final String notSampled;
    final int sampledChunks;
    final int sampledSSTables;
    final long sampledUncompressedBytes;
    final boolean stoppedByTime;
    /** The current compressor as stored; null when not sampled. */
    final Measurement current;
    final List<Measurement> engines;
    final Recommendation recommendation;

    TableAdvice(SSTableGroup group, String codec, String notSampled, int sampledChunks, int sampledSSTables,
            long sampledUncompressedBytes, boolean stoppedByTime, Measurement current, List<Measurement> engines) {
        this.group = group;
        this.codec = codec;
        this.notSampled = notSampled;
        this.sampledChunks = sampledChunks;
        this.sampledSSTables = sampledSSTables;
        this.sampledUncompressedBytes = sampledUncompressedBytes;
        this.stoppedByTime = stoppedByTime;
        this.current = current;
        this.engines = engines == null ? Collections.<Measurement>emptyList() : Collections.unmodifiableList(engines);
        this.recommendation = sampled() ? Recommendation.of(this) : null;
    }

    static TableAdvice notSampled(SSTableGroup group, String why) {
        return new TableAdvice(group, null, why, 0, 0, 0, false, null, null);
    }

    boolean sampled() {
        return notSampled == null && sampledChunks > 0 && current != null;
    }

    /** Σ Data.db bytes this table's SSTables of this compressor would take with {@code m}. */
    long predictedBytes(Measurement m) {
        if (current.sampleBytes == 0) {
            return 0;
        }
        return Math.round(group.dataBytes() * ((double) m.sampleBytes / current.sampleBytes));
    }

    /** predicted / current - 1. */
    double sizeChange(Measurement m) {
        return current.sampleBytes == 0 ? Double.NaN : (double) m.sampleBytes / current.sampleBytes - 1;
    }

    /** CPU seconds in the codec for one compaction of all of it (each byte read once and written once). */
    double tableCompactionSeconds(Measurement m) {
        return group.uncompressedBytes() / 1e9 * m.compactionSecondsPerGB();
    }

    /** Stock zlib 6's row, or null. */
    Measurement stock() {
        for (Measurement m : engines) {
            if (m.candidate != null && m.candidate.isStock()) {
                return m;
            }
        }
        return null;
    }

    boolean isDeflate() {
        return (CompressionInfo.CASSANDRA_PACKAGE + "DeflateCompressor").equals(group.qualifiedCompressorClass);
    }
}
