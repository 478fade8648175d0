package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * The reference benchmark (lab/run-steady-load.sh, issue 12 items 1-3): a steady 80/20 read/write
 * load at a fixed rate on a time-series table (SteadyRun), or with --ingest the write-heavy ingest
 * (IngestRun), with --compaction-reads reads during a major compaction (CompactionReadsRun), with
 * --saturation the load closed loop at rising concurrency (SaturationRun), with --codec-share the
 * agent's codec share against perf's (CodecShareRun), per configuration on one
 * fresh node per run, in rotated order (RotatedRuns).
 * Reports node CPU per operation, latency percentiles, compaction throughput, flushes and L0 sizes
 * (or the ingest's figures) as markdown and PNG.
 */
public final class SteadyLoad {

    private SteadyLoad() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "steady-load", SteadyLoadOptions::parse, SteadyLoadOptions.USAGE, o -> false,
                SteadyLoad::run);
    }

    private static boolean run(SteadyLoadOptions options, Path nodesDir) {
        if (options.saturation) {
            return run(options, "saturation", String.format(Locale.ROOT, "%,d preloaded points, then %.0f%% reads"
                            + " closed loop, %d s unmeasured, then %d s at each of %s in flight; held: read p99 under"
                            + " %.0f ms; ", options.rows, options.readShare * 100, options.warmUp.toSeconds(),
                    options.measured.toSeconds(), options.steps, options.p99BoundMillis),
                    SaturationReport.definition(options.steps, options.p99BoundMillis),
                    new SaturationRun(options, nodesDir)::run);
        }
        if (options.codecShare) {
            return run(options, "codec-share", String.format(Locale.ROOT, "%,d rows loaded, flushed and compacted, %d s of"
                    + " mixed load unmeasured, then %d s of it and %3$d s of reads only, each under perf; the mixed"
                    + " load %s; ", options.rows, options.warmUp.toSeconds(), options.measured.toSeconds(),
                    options.mixedWindowRate > 0 ? String.format(Locale.ROOT, "at %,.0f requests/s (open loop, the same"
                    + " for every configuration)", options.mixedWindowRate) : "closed loop"), CodecShareReport.definition(),
                    new CodecShareRun(options, nodesDir)::run);
        }
        if (options.compactionReads) {
            return run(options, "compaction-reads", String.format(Locale.ROOT, "Cassandra %s; a table of %,d points"
                            + " imported twice;%s %d s of unmeasured reads, then per table %d s of point reads at %,.0f/s"
                            + " without compaction and the same reads throughout a major compaction (first unthrottled,"
                            + " then %d MiB/s)%s; chunk cache off; ", options.line.version(), options.rows,
                    options.cgroupMib == null ? "" : " then the node in a memory cgroup of " + options.cgroupMib + " MiB"
                            + " (page cache and what it allocates from then on; heap touched at start), the host's"
                            + " clean page cache dropped;", options.warmUp.toSeconds(), options.measured.toSeconds(),
                    options.rate, options.throttleMib, options.windowSeconds == 0 ? "" : ", read on to "
                            + options.windowSeconds + " s from the compaction's start if it ended sooner"),
                    CompactionReadsReport.definition(options.throttleMib, options.windowSeconds, options.ratioWithinVariant),
                    new CompactionReadsRun(options, nodesDir, options.sstableCache)::run);
        }
        if (options.ingest) {
            return run(options, "ingest", String.format(Locale.ROOT, "%,d points ingested (closed loop), then %d s"
                            + " of 90/10 writes/reads at %,.0f/s, then settled; %s; ", options.rows,
                    options.mixed.toSeconds(), options.mixedRate,
                    options.stcs ? "SizeTieredCompactionStrategy" : "LeveledCompactionStrategy, 8 MiB SSTables"),
                    IngestReport.DEFINITION, new IngestRun(options, nodesDir)::run);
        }
        return run(options, "steady", String.format(Locale.ROOT, "%,d preloaded points, %.0f%% reads at %,.0f"
                        + " requests/s for %d s (after %d s unmeasured), ", options.rows, options.readShare * 100,
                options.rate, options.measured.toSeconds(), options.warmUp.toSeconds()), SteadyReport.DEFINITION,
                new SteadyRun(options, nodesDir)::run);
    }

    /**
     * One mode's rotation and report ({@code <stamp>-<kind>.md}), under a header line that begins
     * with what the mode runs; with --jfr the header says so: a profiled node spends CPU on the profile.
     */
    private static <R extends RunResult> boolean run(SteadyLoadOptions options, String kind, String whatRuns,
                                                     RunReport.Definition<R> definition,
                                                     BiFunction<SteadyConfig, Integer, R> run) {
        RotatedRuns runs = new RotatedRuns(options.configs, options.repetitions, options.resultsDir, kind);
        List<String> header = runs.header(options.commandLine, whatRuns + String.format(Locale.ROOT, "%d KiB chunks,"
                + " %d repetitions, configuration order rotated per repetition, fresh node per run", options.chunkKb,
                options.repetitions));
        if (options.jfrDir != null) {
            String note = "**Profiled**: every node recorded a JFR profile to " + options.jfrDir
                    + "/<config>-<repetition>.jfr; profiling costs CPU, so these figures back nothing.";
            Progress.say("%s", note);
            header.add(note);
        }
        return runs.run(header, definition, run);
    }
}
