package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** What the reads-during-compaction report shows (RunReport writes it). */
final class CompactionReadsReport {

    private static final double MIB = 1024 * 1024;

    private static final List<Metric<CompactionReadsResult>> TABLE = new ArrayList<>();
    private static final List<Metric<CompactionReadsResult>> RANKED = new ArrayList<>();
    private static final List<Metric<CompactionReadsResult>> CHARTED = new ArrayList<>();

    static {
        phase("unthrottled", r -> r.unthrottled);
        phase("64 MiB/s", r -> r.throttled);
        TABLE.add(new Metric<>("table Data.db MiB before compaction", r -> r.tableBytes / MIB, true, "%.0f"));
    }

    /** The rows of one compaction: reads during it and without it, its time and its threads' CPU. */
    private static void phase(String name, Function<CompactionReadsResult, CompactionReadsResult.Phase> phase) {
        Metric<CompactionReadsResult> p99 = reads(name + ": read p99 ms during compaction", phase, p -> p.during.p99);
        Metric<CompactionReadsResult> p999 = reads(name + ": read p99.9 ms during compaction", phase,
                p -> p.during.p999);
        Metric<CompactionReadsResult> seconds = reads(name + ": compaction s", phase, p -> p.compactionSeconds);
        Metric<CompactionReadsResult> cpu = reads(name + ": compaction threads' CPU s per s", phase,
                CompactionReadsResult.Phase::compactionCpuPerSecond);
        TABLE.add(reads(name + ": read p50 ms during compaction", phase, p -> p.during.p50));
        TABLE.add(p99);
        TABLE.add(p999);
        TABLE.add(reads(name + ": read p50 ms without compaction", phase, p -> p.quiet.p50));
        TABLE.add(reads(name + ": read p99 ms without compaction", phase, p -> p.quiet.p99));
        TABLE.add(reads(name + ": read p99.9 ms without compaction", phase, p -> p.quiet.p999));
        TABLE.add(seconds);
        TABLE.add(new Metric<>(name + ": compaction MB/s read", r -> phase.apply(r).megabytesPerSecond(), false,
                "%.1f"));
        TABLE.add(cpu);
        RANKED.add(p99);
        RANKED.add(p999);
        RANKED.add(seconds);
        CHARTED.add(p99);
        CHARTED.add(seconds);
    }

    private static Metric<CompactionReadsResult> reads(String name,
            Function<CompactionReadsResult, CompactionReadsResult.Phase> phase,
            ToDoubleFunction<CompactionReadsResult.Phase> value) {
        return new Metric<>(name, r -> value.applyAsDouble(phase.apply(r)), true,
                name.contains("CPU") ? "%.2f" : name.contains("ms") ? "%.2f" : "%.1f");
    }

    static final RunReport.Definition<CompactionReadsResult> DEFINITION = new RunReport.Definition<>(
            "deflate-accel reads during compaction", TABLE, RANKED, CHARTED, null, null,
            r -> String.format(Locale.ROOT, "table %.0f MiB; unthrottled: %s; 64 MiB/s: %s", r.tableBytes / MIB,
                    line(r.unthrottled), line(r.throttled)),
            r -> r.engines.line,
            List.of("table: time-series points (TimeSeriesPoint, about 300 bytes each) written offline by Cassandra's"
                            + " CQLSSTableWriter (cassandra-all 5.0.9, stock code, no agent) with the configuration's"
                            + " compressor, in 64 MiB buffers, so the SSTables overlap as flushed ones do; imported"
                            + " twice (`nodetool import`) into two tables with autocompaction disabled.",
                    "every node: file_cache_enabled false (every read decompresses its chunk), auto_snapshot false;"
                            + " otherwise stock.",
                    "reads: checked point reads of random imported points at the fixed rate in the header, open loop"
                            + " (latency from each request's scheduled time, so a stalled node is charged for the"
                            + " requests queued behind the stall), CL ONE, after an unmeasured warm-up.",
                    "without compaction: the window of the header's length just before the compaction, on the"
                            + " same SSTables. During compaction: from the start of a major compaction"
                            + " (StorageService.forceKeyspaceCompaction over JMX) until it returns.",
                    "compaction s and MB/s: the server's own \"Compacted (...) in N ms\" line, MB read on disk."
                            + " Compaction threads' CPU s per s: the CompactionExecutor threads' CPU over the reads"
                            + " window around the compaction, divided by its length.",
                    "first the table \"unthrottled\" (nodetool setcompactionthroughput 0), then the other at 64"
                            + " MiB/s (Cassandra's default), in that order in every run."));

    private static String line(CompactionReadsResult.Phase p) {
        return String.format(Locale.ROOT, "compaction %.1f s (%.1f MB/s, %.2f CPU s/s), reads p50/p99/p99.9 %.2f/%.1f/%.1f"
                        + " ms during (%,d, %,d late) and %.2f/%.1f/%.1f ms without (%,d, %,d late), failures %d,"
                        + " wrong reads %d", p.compactionSeconds, p.megabytesPerSecond(), p.compactionCpuPerSecond(),
                p.during.p50, p.during.p99, p.during.p999, p.during.count, p.during.late, p.quiet.p50, p.quiet.p99,
                p.quiet.p999, p.quiet.count, p.quiet.late, p.during.failures + p.quiet.failures,
                p.during.wrong + p.quiet.wrong);
    }

    private CompactionReadsReport() {
    }
}
