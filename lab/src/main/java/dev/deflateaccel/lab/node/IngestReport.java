package dev.deflateaccel.lab.node;

import java.util.List;
import java.util.Locale;

import dev.deflateaccel.harness.ThreadGroupCpu;

/** What the write-heavy ingest report shows (RunReport writes it). */
final class IngestReport {

    private static final double MIB = 1024 * 1024;

    static final Metric<IngestResult> CPU_PER_ROW = new Metric<>("node CPU us/row, ingest to settled",
            r -> r.cpuMicrosPerRow, true, "%.0f");
    static final Metric<IngestResult> COMPACTION_CPU_PER_MB = new Metric<>(
            "compaction CPU ms per MB compaction wrote", IngestResult::compactionCpuMillisPerMbWritten, true, "%.1f");
    static final Metric<IngestResult> COMPACTION_CPU_PER_RAW_MB = new Metric<>(
            "compaction CPU ms per MB of ingested data", IngestResult::compactionCpuMillisPerRawMb, true, "%.1f");
    static final Metric<IngestResult> INGEST_BACKLOG = new Metric<>(
            "ingest's compaction backlog s (end of ingest to none pending)", r -> r.ingestBacklogSeconds, true, "%.1f");
    static final Metric<IngestResult> BACKLOG = new Metric<>("compaction backlog s (last write to settled)",
            r -> r.settleSeconds, true, "%.1f");
    static final Metric<IngestResult> INGEST_RATE = new Metric<>("ingest rows/s (closed loop)",
            IngestResult::ingestRowsPerSecond, false, "%.0f");
    static final Metric<IngestResult> INGEST_SECONDS = new Metric<>("time to ingest s", r -> r.ingestSeconds, true, "%.1f");
    static final Metric<IngestResult> WRITE_AMPLIFICATION = new Metric<>("write amplification (compacted / flushed)",
            IngestResult::writeAmplification, true, "%.2f");
    static final Metric<IngestResult> DATA_MIB = new Metric<>("Data.db MiB at end", r -> r.dataBytes / MIB, true, "%.1f");

    static final RunReport.Definition<IngestResult> DEFINITION = new RunReport.Definition<>(
            "deflate-accel write-heavy ingest",
            List.of(CPU_PER_ROW, COMPACTION_CPU_PER_MB, COMPACTION_CPU_PER_RAW_MB, INGEST_BACKLOG, BACKLOG,
                    INGEST_RATE, INGEST_SECONDS, WRITE_AMPLIFICATION, DATA_MIB),
            List.of(CPU_PER_ROW, COMPACTION_CPU_PER_MB, COMPACTION_CPU_PER_RAW_MB, INGEST_BACKLOG, BACKLOG, DATA_MIB),
            List.of(COMPACTION_CPU_PER_RAW_MB, INGEST_BACKLOG, CPU_PER_ROW, DATA_MIB),
            CPU_PER_ROW,
            group -> new Metric<>("&nbsp;&nbsp;of which " + group + " threads, us/row",
                    r -> r.cpuMicrosPerRowByGroup.getOrDefault(group, 0.0), true, "%.0f"),
            r -> String.format(Locale.ROOT, "%.0f us/row, %,d rows (%,d ingested in %.1f s, %,.0f/s), mixed %.0f s,"
                            + " caught up %.1f s after the ingest, settled %.1f s after the last write, compaction CPU"
                            + " %.1f s, failures %d, wrong reads %d; whole run: %s", r.cpuMicrosPerRow, r.rows,
                    r.ingestedRows, r.ingestSeconds, r.ingestRowsPerSecond(), r.mixedSeconds, r.ingestBacklogSeconds,
                    r.settleSeconds, r.compactionCpuSeconds, r.failures,
                    r.wrongReads, r.whole),
            r -> r.engines.line,
            List.of("node CPU us/row: utime+stime of the Cassandra process (/proc/<pid>/stat) from the first ingested"
                            + " point until no compaction is pending, divided by the points written (ingest and mixed"
                            + " phase); it includes every flush and compaction of that data.",
                    ThreadGroupCpu.HOW_SPLIT,
                    "ingest: time-series points (about 300 bytes each, TimeSeriesPoint) written with 32 in flight,"
                            + " as fast as the node acknowledges them (closed loop), at CL ONE.",
                    "mixed phase: 90% inserts of new points, 10% checked point reads, at the fixed rate in the"
                            + " header (open loop, from each request's scheduled time); with the repetition's seed, every"
                            + " configuration writes the same points.",
                    "ingest's backlog: from the last point of the closed-loop ingest, while the mixed phase runs,"
                            + " until Cassandra's Compaction.PendingTasks gauge (estimated remaining tasks plus those"
                            + " running), read over JMX four times a second, first reads 0: the compaction the ingest"
                            + " left behind. If no poll saw 0 before settled, the time to settled.",
                    "settled: after the last write, a flush, then `nodetool compactionstats` polled twice a second"
                            + " until no compaction is pending; \"compaction backlog s (last write to settled)\" is that"
                            + " time, mostly the last flush's compaction and the nodetool JVMs.",
                    "compaction CPU per MB compaction wrote: the compaction threads' CPU over the bytes (on disk) of"
                            + " the table's \"Compacted (...)\" lines in system.log. Per MB of ingested data: the same CPU"
                            + " over the points' uncompressed column bytes, the same data for every configuration, so a"
                            + " compressor with bigger files is not flattered by writing more bytes.",
                    "write amplification: bytes compaction wrote / bytes flushes wrote, both on disk (flushed Data.db"
                            + " files are measured before compaction removes them; any missed count at the mean size).",
                    "every node: memtable_heap_space 32MiB, compaction_throughput 0MiB/s (unthrottled);"
                            + " flush_compression fast (stock) unless the configuration says table; table"
                            + " LeveledCompactionStrategy with 8 MiB SSTables unless the header says STCS."));

    private IngestReport() {
    }
}
