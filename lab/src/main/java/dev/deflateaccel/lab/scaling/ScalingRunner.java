package dev.deflateaccel.lab.scaling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.deflateaccel.lab.experiment.ExperimentRunner;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * Issue 12 item 5: per-chunk throughput through Cassandra's real DeflateCompressor at 1 to 256
 * threads, per engine, at the agent's default context bound and at other bounds (by default 8,
 * fewer contexts than threads), with the share of calls that found every context busy (from the
 * agent's FallbacksContextsBusy counter). An in-order experiment: one child JVM per configuration
 * ({@link ScalingChild}), one measure command per thread count and direction. Writes
 * lab/results/&lt;stamp&gt;-scaling.md and .png.
 *
 * Exit status: 0 when every configuration ran, 1 when one failed or the agent counted errors, 2 on
 * bad arguments or a missing agent jar.
 */
public final class ScalingRunner {
    private ScalingRunner() {
    }

    public static void main(String[] args) throws Exception {
        ScalingOptions options = ExperimentRunner.options("scaling", args, ScalingOptions.USAGE, ScalingOptions::parse);
        if (options == null) {
            return;
        }
        ExperimentRunner runner = ExperimentRunner.open("scaling", ScalingRunner.class, args, options.agentJar,
                options.resultsDir, ScalingChild.class, "Agent jar", ChildJvm.describeJar(options.agentJar),
                "Measured", options.describe());
        Path dataFile = ChunkFile.write(options.dataset, options.corpusDir, options.chunkBytes(), runner.workDir);
        ProtocolLine.Builder task = ProtocolLine.of("task").with("data", dataFile)
                .with("chunkBytes", options.chunkBytes()).with("rounds", options.rounds)
                .with("seconds", options.seconds).with("warmupSeconds", options.warmupSeconds);
        List<ProtocolLine.Builder> commands = new ArrayList<>();
        for (int threads : options.threads) {
            for (String direction : options.directions) {
                commands.add(ProtocolLine.of("measure").with("threads", threads).with("op", direction));
            }
        }
        List<Run> runs = runner.runEach(options.configurations(), task, commands, (run, result) -> {
            ScalingPoint point = ScalingPoint.of(result, options.chunkBytes());
            System.out.printf(Locale.ROOT, "[scaling]   %d threads %s: %s MB/s%s%n", point.threads, point.direction,
                    point.throughput().mbps(), point.counted() ? String.format(Locale.ROOT,
                            ", %.1f%% of calls found every context busy", 100 * point.busyShare()) : "");
        });
        boolean charted = ScalingChart.write(runs, options, runner.png());
        String markdown = new ScalingReport(runner.header, options, runs,
                charted ? runner.png().getFileName().toString() : null).render();
        runner.publish(markdown, charted, !runs.stream().allMatch(Run::usable));
    }
}
