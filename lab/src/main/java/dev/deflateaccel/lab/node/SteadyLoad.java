package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;


/**
 * The reference benchmark (lab/run-steady-load.sh, issue 12 items 1-3): a steady 80/20 read/write
 * load at a fixed rate on a time-series table (SteadyRun), or with --ingest the write-heavy ingest
 * (IngestRun), per configuration on one fresh node per run, in rotated order (RotatedRuns).
 * Reports node CPU per operation, latency percentiles, compaction throughput, flushes and L0 sizes
 * (or the ingest's figures) as markdown and PNG.
 */
public final class SteadyLoad {

    private SteadyLoad() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "steady-load", SteadyLoadOptions::parse, SteadyLoadOptions.USAGE, o -> false,
                (options, nodesDir) -> options.export != null
                        ? UncompressedSSTableExport.export(options, nodesDir) : run(options, nodesDir));
    }

    private static boolean run(SteadyLoadOptions options, Path nodesDir) {
        RotatedRuns runs = new RotatedRuns(options.configs, options.repetitions, options.resultsDir,
                options.ingest ? "ingest" : "steady");
        if (options.ingest) {
            List<String> header = runs.header(options.commandLine, String.format(Locale.ROOT, "%,d points ingested"
                            + " (closed loop), then %d s of 90/10 writes/reads at %,.0f/s, then settled; %s; %d KiB"
                            + " chunks, %d repetitions, configuration order rotated per repetition, fresh node per run",
                    options.rows, options.mixed.toSeconds(), options.mixedRate,
                    options.stcs ? "SizeTieredCompactionStrategy" : "LeveledCompactionStrategy, 8 MiB SSTables",
                    options.chunkKb, options.repetitions));
            return runs.run(header, IngestReport.DEFINITION, new IngestRun(options, nodesDir)::run);
        }
        List<String> header = runs.header(options.commandLine, String.format(Locale.ROOT, "%,d preloaded points,"
                        + " %.0f%% reads at %,.0f requests/s for %d s (after %d s unmeasured), %d KiB chunks, %d"
                        + " repetitions, configuration order rotated per repetition, fresh node per run", options.rows,
                options.readShare * 100, options.rate, options.measured.toSeconds(), options.warmUp.toSeconds(),
                options.chunkKb, options.repetitions));
        return runs.run(header, SteadyReport.DEFINITION, new SteadyRun(options, nodesDir)::run);
    }
}
