package dev.deflateaccel.lab.node;

import java.util.Locale;

import dev.deflateaccel.harness.EngineStats;

/**
 * What the agent's engines did in one node run, and whether that is what the run needed: the
 * configured engine served the direction the run's workload exercises, with no error. Each run
 * states what it requires, because a workload that only writes never decompresses (the ingest
 * requires compressions) and a read-mostly window may see no compaction (the steady load requires
 * decompressions). A node without the agent has nothing to check ({@link #NONE}).
 */
final class NodeEngineCheck {

    /** The direction(s) the configured engine must have served. */
    enum Requires {
        COMPRESSIONS, DECOMPRESSIONS, BOTH;

        boolean metBy(long compressions, long decompressions) {
            boolean compressed = compressions > 0;
            boolean decompressed = decompressions > 0;
            return this == COMPRESSIONS ? compressed : this == DECOMPRESSIONS ? decompressed : compressed && decompressed;
        }
    }

    static final NodeEngineCheck NONE = new NodeEngineCheck("", true, null);

    /** One line for the console and the report, "" without the agent. */
    final String line;
    final boolean ok;
    /** Every engine's counters over the checked span (the side-by-side lists them all); null without the agent. */
    final EngineStats stats;

    private NodeEngineCheck(String line, boolean ok, EngineStats stats) {
        this.line = line;
        this.ok = ok;
        this.stats = stats;
    }

    /** {@code stats} counted over the span the run checks; {@code scope} says which, e.g. " in the window", or "". */
    static NodeEngineCheck of(String engine, EngineStats stats, Requires requires, String scope) {
        long c = stats.get(engine, EngineStats.COMPRESS).operations;
        long d = stats.get(engine, EngineStats.DECOMPRESS).operations;
        long fallbacks = stats.get(engine, EngineStats.COMPRESS).fallbacks
                + stats.get(engine, EngineStats.DECOMPRESS).fallbacks;
        String line = String.format(Locale.ROOT, "%s %,d compressions / %,d decompressions%s, other engines %,d / %,d,"
                        + " fallbacks %,d, errors %,d", engine, c, d, scope,
                stats.operationsExcept(engine, EngineStats.COMPRESS),
                stats.operationsExcept(engine, EngineStats.DECOMPRESS), fallbacks, stats.totalErrors());
        return new NodeEngineCheck(line, stats.agentLoaded() && requires.metBy(c, d) && stats.totalErrors() == 0, stats);
    }
}
