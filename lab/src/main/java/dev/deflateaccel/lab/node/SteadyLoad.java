package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The reference benchmark (lab/run-steady-load.sh, issue 12 items 1-3): a steady 80/20 read/write
 * load at a fixed rate on a time-series table (SteadyRun), or with --ingest the write-heavy ingest
 * (IngestRun), with --compaction-reads reads during a major compaction (CompactionReadsRun), with
 * --saturation the load closed loop at rising concurrency (SaturationRun), per configuration on one
 * fresh node per run, in rotated order (RotatedRuns).
 * Reports node CPU per operation, latency percentiles, compaction throughput, flushes and L0 sizes
 * (or the ingest's figures) as markdown and PNG.
 */
public final class SteadyLoad {

    private SteadyLoad() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "steady-load", SteadyLoadOptions::parse, SteadyLoadOptions.USAGE, o -> false,
                (options, nodesDir) -> options.export != null ? UncompressedSSTableExport.export(options, nodesDir)
                        : options.writeOffline != null ? writeOffline(options) : run(options, nodesDir));
    }

    /** The points uncompressed, by the writer --compaction-reads uses, for the levels benchmark to cut into chunks. */
    private static boolean writeOffline(SteadyLoadOptions options) {
        Path dir = TimeSeriesSSTables.cached(CompactionReadsRun.UNTHROTTLED, "'enabled': false", options.rows,
                options.sensors, options.writeOffline);
        Progress.say("written: %s", dir);
        return true;
    }

    private static boolean run(SteadyLoadOptions options, Path nodesDir) {
        RotatedRuns runs = new RotatedRuns(options.configs, options.repetitions, options.resultsDir,
                options.saturation ? "saturation" : options.compactionReads ? "compaction-reads"
                        : options.ingest ? "ingest" : "steady");
        if (options.saturation) {
            List<String> header = runs.header(options.commandLine, String.format(Locale.ROOT, "%,d preloaded points,"
                            + " then %.0f%% reads closed loop, %d s unmeasured, then %d s at each of %s in flight; held:"
                            + " read p99 under %.0f ms; %d KiB chunks, %d repetitions, configuration order rotated per"
                            + " repetition, fresh node per run", options.rows, options.readShare * 100,
                    options.warmUp.toSeconds(), options.measured.toSeconds(), options.steps, options.p99BoundMillis,
                    options.chunkKb, options.repetitions));
            profiled(header, options);
            return runs.run(header, SaturationReport.definition(options.steps, options.p99BoundMillis),
                    new SaturationRun(options, nodesDir)::run);
        }
        if (options.compactionReads) {
            List<String> header = runs.header(options.commandLine, String.format(Locale.ROOT, "a table of %,d points"
                            + " imported twice; %d s of unmeasured reads, then per table %d s of point reads at %,.0f/s"
                            + " without compaction and the same reads throughout a major compaction (first unthrottled,"
                            + " then 64 MiB/s); chunk cache off; %d KiB chunks, %d repetitions, configuration order"
                            + " rotated per repetition, fresh node per run", options.rows, options.warmUp.toSeconds(),
                    options.measured.toSeconds(), options.rate, options.chunkKb, options.repetitions));
            profiled(header, options);
            return runs.run(header, CompactionReadsReport.DEFINITION,
                    new CompactionReadsRun(options, nodesDir, options.sstableCache)::run);
        }
        if (options.ingest) {
            List<String> header = runs.header(options.commandLine, String.format(Locale.ROOT, "%,d points ingested"
                            + " (closed loop), then %d s of 90/10 writes/reads at %,.0f/s, then settled; %s; %d KiB"
                            + " chunks, %d repetitions, configuration order rotated per repetition, fresh node per run",
                    options.rows, options.mixed.toSeconds(), options.mixedRate,
                    options.stcs ? "SizeTieredCompactionStrategy" : "LeveledCompactionStrategy, 8 MiB SSTables",
                    options.chunkKb, options.repetitions));
            profiled(header, options);
            return runs.run(header, IngestReport.DEFINITION, new IngestRun(options, nodesDir)::run);
        }
        List<String> header = runs.header(options.commandLine, String.format(Locale.ROOT, "%,d preloaded points,"
                        + " %.0f%% reads at %,.0f requests/s for %d s (after %d s unmeasured), %d KiB chunks, %d"
                        + " repetitions, configuration order rotated per repetition, fresh node per run", options.rows,
                options.readShare * 100, options.rate, options.measured.toSeconds(), options.warmUp.toSeconds(),
                options.chunkKb, options.repetitions));
        profiled(header, options);
        return runs.run(header, SteadyReport.DEFINITION, new SteadyRun(options, nodesDir)::run);
    }

    /** With --jfr, the report says so: a profiled node spends CPU on the profile. */
    private static void profiled(List<String> header, SteadyLoadOptions options) {
        if (options.jfrDir == null) {
            return;
        }
        String note = "**Profiled**: every node recorded a JFR profile to " + options.jfrDir
                + "/<config>-<repetition>.jfr; profiling costs CPU, so these figures back nothing.";
        Progress.say("%s", note);
        header.add(note);
    }
}
