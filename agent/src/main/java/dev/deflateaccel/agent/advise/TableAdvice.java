package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What was measured on one table's SSTables of one compressor, in the operator's terms: each
 * engine's size of this table (the sample's ratio to the stored bytes, applied to the Data.db
 * files), the CPU its codec would spend, and each goal's answer with the current compressor as
 * one of the rows.
 */
final class TableAdvice {
    final SSTableGroup group;
    /** Null when the group could not be read (then {@link #notSampled} says why). */
    final String codec;
    final String notSampled;
    /** Chunks every row was measured on. */
    final int sampledChunks;
    final int sampledSSTables;
    final long sampledUncompressedBytes;
    /** Reading stopped at the time bound. */
    final boolean stoppedByTime;
    /**
     * Chunks read; more than {@link #sampledChunks} when the size pass reached the time bound and the
     * rows stand on the first {@link #sampledChunks} of them.
     */
    final int chunksRead;
    /** The current compressor as stored; null when not sampled. */
    final Measurement current;
    final List<Measurement> engines;
    /** Null when not sampled. */
    final GoalDecision decision;
    final Map<Goal, GoalAnswer> answers = new EnumMap<>(Goal.class);
    /**
     * Null, or why the current compressor was not timed as the node runs it ({@link
     * SourceCodec#notAsTheNodeRunsIt}): then no goal moves the table, and each answer says why.
     */
    final String notAsTheNodeRunsIt;

    TableAdvice(SSTableGroup group, String codec, String notSampled, int sampledChunks, int chunksRead,
            int sampledSSTables, long sampledUncompressedBytes, boolean stoppedByTime, Measurement current,
            List<Measurement> engines, CostModel model) {
        this(group, codec, null, notSampled, sampledChunks, chunksRead, sampledSSTables, sampledUncompressedBytes,
                stoppedByTime, current, engines, model);
    }

    TableAdvice(SSTableGroup group, String codec, String notAsTheNodeRunsIt, String notSampled, int sampledChunks,
            int chunksRead, int sampledSSTables, long sampledUncompressedBytes, boolean stoppedByTime,
            Measurement current, List<Measurement> engines, CostModel model) {
        this.notAsTheNodeRunsIt = notAsTheNodeRunsIt;
        this.group = group;
        this.codec = codec;
        this.notSampled = notSampled;
        this.sampledChunks = sampledChunks;
        this.chunksRead = chunksRead;
        this.sampledSSTables = sampledSSTables;
        this.sampledUncompressedBytes = sampledUncompressedBytes;
        this.stoppedByTime = stoppedByTime;
        this.current = current;
        this.engines = engines == null ? Collections.<Measurement>emptyList() : Collections.unmodifiableList(engines);
        if (sampled()) {
            Alternative z = alternative(stock());
            decision = new GoalDecision(alternatives(), z, model);
            for (Goal g : Goal.values()) {
                answers.put(g, notAsTheNodeRunsIt == null ? decision.answer(g)
                        : GoalAnswer.none(g, notAsTheNodeRunsIt));
            }
        } else {
            decision = null;
        }
    }

    static TableAdvice notSampled(SSTableGroup group, String why) {
        return new TableAdvice(group, null, why, 0, 0, 0, 0, false, null, null, CostModel.COMPACTION);
    }

    boolean sampled() {
        return notSampled == null && sampledChunks > 0 && current != null;
    }

    /** The time bound cut reading or measuring short: said as such in the report. */
    boolean timeBoundReached() {
        return stoppedByTime || chunksRead > sampledChunks;
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
        return group.isDeflate();
    }

    /** The row of the current compressor and of each engine that round-tripped, for the goals. */
    List<Alternative> alternatives() {
        List<Alternative> rows = new ArrayList<>();
        rows.add(currentAlternative());
        for (Measurement m : engines) {
            Alternative a = alternative(m);
            if (a != null) {
                rows.add(a);
            }
        }
        return rows;
    }

    /** The engine's row by its label ("libdeflate 6"), or null when it was not usable here. */
    Alternative alternative(String label) {
        for (Measurement m : engines) {
            if (m.label.equals(label)) {
                return alternative(m);
            }
        }
        return null;
    }

    Alternative currentAlternative() {
        Rates c = current.compress;
        Rates d = current.decompress;
        // Every timed chunk was stored uncompressed (min_compress_ratio): nothing of the current
        // codec could be timed; a Deflate table's codec is stock zlib 6, timed as its own row.
        Measurement stock = stock();
        if ((!c.measured() || !d.measured()) && isDeflate() && stock != null && stock.usable()) {
            c = stock.compress;
            d = stock.decompress;
        }
        return new Alternative(group.compressorName, true, group.compressorName, group.dataBytes(), 0,
                secondsPerGB(d), spread(d), secondsPerGB(c), spread(c));
    }

    private Alternative alternative(Measurement m) {
        if (m == null || !m.usable()) {
            return null;
        }
        return new Alternative(m.label, false, m.candidate.engine(), predictedBytes(m),
                m.sizeMargin, m.decompress.secondsPerGB(),
                spread(m.decompress), m.compress.secondsPerGB(), spread(m.compress));
    }

    private static double secondsPerGB(Rates r) {
        return r.measured() ? r.secondsPerGB() : 0;
    }

    /** Half the inter-quartile range of the passes, in CPU s/GB. */
    static double spread(Rates r) {
        return r.spreadSecondsPerGB();
    }
}
