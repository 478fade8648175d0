package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraDistribution;
import dev.deflateaccel.sample.SampleRows;

/**
 * End-to-end benchmark (lab/run-e2e-bench.sh): load, major compaction and point reads with the
 * chunk cache off (EndToEndRun) on one fresh single node per run, for stock Deflate, Deflate + agent
 * (libdeflate, igzip), LZ4 and Zstd, in rotated order (RotatedRuns), several repetitions each.
 * Medians, ranges and ratios to stock Deflate go to lab/target/e2e-results/&lt;timestamp&gt;-e2e.md
 * and a PNG chart next to it (EndToEndReport).
 */
public final class EndToEndBench {

    private EndToEndBench() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "e2e-bench", EndToEndOptions::parse, EndToEndOptions.USAGE, o -> false,
                EndToEndBench::run);
    }

    private static boolean run(EndToEndOptions options, Path nodesDir) {
        RotatedRuns runs = new RotatedRuns(SteadyConfig.parse(SteadyConfig.DEFAULT_SET), options.repetitions,
                options.resultsDir, "e2e");
        SampleRows generator = new SampleRows(7, 10);
        double rawBytesPerRow = EndToEndRun.rawBytesPerRow(generator, options.rows);
        List<String> header = runs.header(options.commandLine,
                CassandraDistribution.locate(options.cassandra).describe()
                        + ", nodes started with bin/cassandra -f from a release layout",
                String.format(Locale.ROOT, "mode %s: %,d rows (%.1f raw bytes/row, %.1f MB raw), %d KiB chunks,"
                                + " concurrency %d, %d s random point reads after %d s warm-up, %d repetitions,"
                                + " configuration order rotated per repetition, fresh single node and data directory per"
                                + " run; `file_cache_enabled: false` (chunk cache off, every read decompresses)",
                        options.mode, options.rows, rawBytesPerRow, options.rows * rawBytesPerRow / 1e6, options.chunkKb,
                        options.concurrency, options.readSeconds, options.readWarmupSeconds, options.repetitions));
        return runs.run(header, EndToEndReport.DEFINITION,
                new EndToEndRun(options, nodesDir, generator, rawBytesPerRow)::run);
    }
}
