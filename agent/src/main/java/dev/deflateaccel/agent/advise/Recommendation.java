package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.ConfigKey;

/**
 * The one engine and level to run, by one rule: of the rows measured on this host whose every
 * chunk round-tripped, the one whose compaction costs the least CPU while the table stays within
 * {@link #SIZE_TOLERANCE} of what stock DeflateCompressor (zlib 6) makes of it. With the config
 * lines that select it; for a table on another compressor, also the CQL that moves it to Deflate.
 */
final class Recommendation {
    /** "As small as stock": within 1% of zlib 6's size. */
    static final double SIZE_TOLERANCE = 0.01;

    final Measurement pick;
    /** The least CPU of all usable rows, whatever its size; null when it is the pick. */
    final Measurement fastest;
    final List<String> configLines;
    /** The CQL to switch a non-Deflate table to Deflate; null for a Deflate table. */
    final String cql;
    /** One sentence on what to do. */
    final String summary;

    private Recommendation(Measurement pick, Measurement fastest, List<String> configLines, String cql, String summary) {
        this.pick = pick;
        this.fastest = fastest;
        this.configLines = Collections.unmodifiableList(configLines);
        this.cql = cql;
        this.summary = summary;
    }

    static Recommendation of(TableAdvice t) {
        Measurement stock = t.stock();
        Measurement pick = null;
        Measurement fastest = null;
        for (Measurement m : t.engines) {
            if (!m.usable()) {
                continue;
            }
            if (fastest == null || m.compactionSecondsPerGB() < fastest.compactionSecondsPerGB()) {
                fastest = m;
            }
            boolean smallEnough = stock == null || !stock.usable()
                    || m.sampleBytes <= stock.sampleBytes * (1 + SIZE_TOLERANCE);
            if (smallEnough && (pick == null || m.compactionSecondsPerGB() < pick.compactionSecondsPerGB())) {
                pick = m;
            }
        }
        if (pick == null) {
            return new Recommendation(null, null, Collections.<String>emptyList(), null,
                    "no engine could be measured on this sample: nothing to recommend");
        }
        List<String> lines = pick.candidate.isStock() ? Collections.<String>emptyList() : configLines(pick.candidate);
        String cql = t.isDeflate() ? null
                : "ALTER TABLE " + t.group.keyspace() + "." + t.group.table() + " WITH compression = {'class': "
                        + "'DeflateCompressor', 'chunk_length_in_kb': '" + (t.group.chunkLengths().get(0) >> 10) + "'};";
        String summary;
        if (t.isDeflate()) {
            summary = pick.candidate.isStock()
                    ? "keep stock DeflateCompressor: no engine measured here is as small and costs less CPU"
                    : "run the agent with " + pick.label + ": this table "
                            + TextReport.percent(t.sizeChange(pick)) + " in size, compaction "
                            + TextReport.ratio(pick.compactionSecondsPerGB() / t.current.compactionSecondsPerGB())
                            + " the codec CPU of stock zlib 6";
        } else {
            summary = "moving this table to DeflateCompressor with the agent on " + pick.label + ": "
                    + TextReport.percent(t.sizeChange(pick)) + " in size, compaction "
                    + TextReport.ratio(pick.compactionSecondsPerGB() / t.current.compactionSecondsPerGB())
                    + " the codec CPU of " + t.group.compressorName;
        }
        return new Recommendation(pick, fastest == pick ? null : fastest, lines, cql, summary);
    }

    /**
     * The config file's lines (zlib-accel's keys) that route both directions to the engine, with
     * java.util.zip after it for anything it declines, and every other engine off.
     */
    static List<String> configLines(Candidate c) {
        List<String> lines = new ArrayList<>();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            int on = d == c.descriptor || d == EngineRegistry.ZLIB ? 1 : 0;
            lines.add(d.compressKey().key() + " = " + on);
            lines.add(d.decompressKey().key() + " = " + on);
        }
        if (c.levelKey() != null) {
            lines.add(c.levelKey().key() + " = " + c.level);
        }
        if (c.descriptor == EngineRegistry.IAA) {
            // zlib-accel's default sends only half the calls to IAA.
            lines.add(ConfigKey.IAA_COMPRESS_PERCENTAGE.key() + " = 100");
            lines.add(ConfigKey.IAA_UNCOMPRESS_PERCENTAGE.key() + " = 100");
        }
        return lines;
    }
}
