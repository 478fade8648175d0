package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** What the reads-during-compaction report shows (RunReport writes it). */
final class CompactionReadsReport {

    private static final double MIB = 1024 * 1024;
    /** The rows of the reads in seconds the host did not stop the VM (HostStopFreeSeconds). */
    static final String STOP_FREE = ", in seconds without a host stop";

    /** The metrics of one report: both compactions' rows, and which of them are ranked and charted. */
    private static final class Rows {
        final List<Metric<CompactionReadsResult>> table = new ArrayList<>();
        final List<Metric<CompactionReadsResult>> ranked = new ArrayList<>();
        final List<Metric<CompactionReadsResult>> charted = new ArrayList<>();

        Rows(String throttledName, int windowSeconds) {
            phase("unthrottled", r -> r.unthrottled, windowSeconds);
            phase(throttledName, r -> r.throttled, windowSeconds);
            table.add(new Metric<>("table Data.db MiB before compaction", r -> r.tableBytes / MIB, true, "%.0f"));
        }

        /** The rows of one compaction: reads during it and without it, its time and its threads' CPU. */
        private void phase(String name, Function<CompactionReadsResult, CompactionReadsResult.Phase> phase,
                int windowSeconds) {
            Metric<CompactionReadsResult> p99 = reads(name + ": read p99 ms during compaction", phase, p -> p.during.p99);
            Metric<CompactionReadsResult> p999 = reads(name + ": read p99.9 ms during compaction", phase,
                    p -> p.during.p999);
            Metric<CompactionReadsResult> seconds = reads(name + ": compaction s", phase, p -> p.compactionSeconds);
            Metric<CompactionReadsResult> cpu = reads(name + ": compaction threads' CPU s per s", phase,
                    CompactionReadsResult.Phase::compactionCpuPerSecond);
            table.add(reads(name + ": read p50 ms during compaction", phase, p -> p.during.p50));
            table.add(p99);
            table.add(p999);
            table.add(new Metric<>(name + ": reads over 10 ms during compaction", r -> phase.apply(r).during.over10ms,
                    true, "%.0f"));
            Metric<CompactionReadsResult> p99Free = reads(name + ": read p99 ms during compaction" + STOP_FREE, phase,
                    p -> p.duringStopFree.p99);
            Metric<CompactionReadsResult> p999Free = reads(name + ": read p99.9 ms during compaction" + STOP_FREE, phase,
                    p -> p.duringStopFree.p999);
            table.add(p99Free);
            table.add(p999Free);
            table.add(new Metric<>(name + ": reads during compaction" + STOP_FREE, r -> phase.apply(r).duringStopFree.count,
                    false, "%.0f"));
            table.add(new Metric<>(name + ": seconds of the compaction without a host stop",
                    r -> phase.apply(r).stopFreeSeconds, false, "%.0f"));
            if (windowSeconds > 0) {
                String window = " in the " + windowSeconds + " s from the compaction's start";
                Metric<CompactionReadsResult> windowP99 = reads(name + ": read p99 ms" + window, phase,
                        p -> p.fixedWindow.p99);
                Metric<CompactionReadsResult> windowP999 = reads(name + ": read p99.9 ms" + window, phase,
                        p -> p.fixedWindow.p999);
                table.add(windowP99);
                table.add(windowP999);
                table.add(new Metric<>(name + ": reads over 10 ms" + window, r -> phase.apply(r).fixedWindow.over10ms,
                        true, "%.0f"));
                ranked.add(windowP99);
                ranked.add(windowP999);
            }
            table.add(reads(name + ": read p50 ms without compaction", phase, p -> p.quiet.p50));
            table.add(reads(name + ": read p99 ms without compaction", phase, p -> p.quiet.p99));
            table.add(reads(name + ": read p99.9 ms without compaction", phase, p -> p.quiet.p999));
            table.add(seconds);
            table.add(new Metric<>(name + ": compaction MB/s read", r -> phase.apply(r).megabytesPerSecond(), false,
                    "%.1f"));
            table.add(cpu);
            table.add(reads(name + ": JIT compiler threads' CPU s per s", phase, p -> p.perSecond(p.jitThreadSeconds)));
            table.add(reads(name + ": GC threads' CPU s per s", phase, p -> p.perSecond(p.gcThreadSeconds)));
            ranked.add(p99);
            ranked.add(p999);
            ranked.add(p99Free);
            ranked.add(p999Free);
            ranked.add(seconds);
            charted.add(p99);
            charted.add(seconds);
        }
    }

    private static Metric<CompactionReadsResult> reads(String name,
            Function<CompactionReadsResult, CompactionReadsResult.Phase> phase,
            ToDoubleFunction<CompactionReadsResult.Phase> value) {
        return new Metric<>(name, r -> value.applyAsDouble(phase.apply(r)), true,
                name.contains("CPU") ? "%.2f" : name.contains("ms") ? "%.2f" : "%.1f");
    }

    /** The report of a run at Cassandra's default throttle, 64 MiB/s (the committed runs). */
    static final RunReport.Definition<CompactionReadsResult> DEFINITION = definition(CompactionReadsRun.DEFAULT_THROUGHPUT);

    /**
     * The report of a run whose second compaction is throttled to {@code throttleMib} MiB/s: the
     * default 64, or one chosen below this machine's stock compaction rate so that it binds.
     */
    static RunReport.Definition<CompactionReadsResult> definition(int throttleMib) {
        return definition(throttleMib, 0, false);
    }

    /**
     * As {@link #definition(int)}, with the rows of a fixed window of {@code windowSeconds} (0: none),
     * and ratios within each variant if asked.
     */
    static RunReport.Definition<CompactionReadsResult> definition(int throttleMib, int windowSeconds,
            boolean ratioWithinVariant) {
        String throttled = throttleMib + " MiB/s";
        Rows rows = new Rows(throttled, windowSeconds);
        RunReport.Definition<CompactionReadsResult> d = new RunReport.Definition<>(
            "deflate-accel reads during compaction", rows.table, rows.ranked, rows.charted, null, null,
            r -> String.format(Locale.ROOT, "table %.0f MiB; unthrottled: %s; %s: %s", r.tableBytes / MIB,
                    line(r.unthrottled), throttled, line(r.throttled)),
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
                            + " (StorageService.forceKeyspaceCompaction over JMX) until it returns."
                            + (windowSeconds == 0 ? "" : " In the " + windowSeconds + " s from the compaction's start:"
                            + " the same reads, and after a compaction that ended sooner the reads that followed it"
                            + " to the window's end, as a dashboard's window of that length holds them; a"
                            + " compaction that outlasts it is cut at its end."),
                    "in seconds without a host stop: the reads during compaction that completed in a second in"
                            + " which, as in the second before it, the CPU meter (NodeTimeline's vcpu stall ms/s: one"
                            + " thread pinned to each CPU, a wake-up 5 ms or more late that the guest's run queue did"
                            + " not cause) counted no stopped time; the window's first second is never counted. The"
                            + " host's stops fall where they fall, in every configuration's window; these rows compare"
                            + " the configurations on what is left, beside the whole window's rows, not instead of them.",
                    "compaction s and MB/s: the server's own \"Compacted (...) in N ms\" line, MB read on disk."
                            + " Compaction threads' CPU s per s: the CompactionExecutor threads' CPU over the reads"
                            + " window around the compaction, divided by its length; the same for the JIT"
                            + " compilers' and G1's threads (the first compaction is also the JIT's warm-up).",
                    "first the table \"unthrottled\" (nodetool setcompactionthroughput 0), then the other at "
                            + throttled + (throttleMib == CompactionReadsRun.DEFAULT_THROUGHPUT ? " (Cassandra's default)"
                            : throttleMib >= 512 ? " (above any rate this machine compacts at: a second unthrottled"
                            + " compaction, after the first has warmed the JIT)"
                            : " (meant to bind: the compaction MB/s rows show for which configurations it did)")
                            + ", in that order in every run."));
        d.ratioWithinVariant = ratioWithinVariant;
        d.section = results -> new CompactionTimeline(results, throttled).section();
        d.files = (results, prefix) -> new CompactionTimeline(results, throttled).write(prefix);
        return d;
    }

    private static String line(CompactionReadsResult.Phase p) {
        return String.format(Locale.ROOT, "compaction %.1f s (%.1f MB/s, %.2f CPU s/s), reads p50/p99/p99.9 %.2f/%.1f/%.1f"
                        + " ms during (%,d, %,d late) and %.2f/%.1f/%.1f ms without (%,d, %,d late), failures %d,"
                        + " wrong reads %d", p.compactionSeconds, p.megabytesPerSecond(), p.compactionCpuPerSecond(),
                p.during.p50, p.during.p99, p.during.p999, p.during.count, p.during.late, p.quiet.p50, p.quiet.p99,
                p.quiet.p999, p.quiet.count, p.quiet.late, p.during.failures + p.quiet.failures,
                p.during.wrong + p.quiet.wrong) + (p.fixedWindow.count == 0 ? "" : String.format(Locale.ROOT,
                "; fixed window p99/p99.9 %.1f/%.1f ms (%,d reads, %d over 10 ms)", p.fixedWindow.p99,
                p.fixedWindow.p999, p.fixedWindow.count, p.fixedWindow.over10ms)) + (p.timeline.isEmpty() ? ""
                : String.format(Locale.ROOT, "; in the %d seconds without a host stop p99/p99.9 %.1f/%.1f ms (%,d reads)",
                p.stopFreeSeconds, p.duringStopFree.p99, p.duringStopFree.p999, p.duringStopFree.count));
    }

    private CompactionReadsReport() {
    }
}
