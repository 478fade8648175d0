package dev.deflateaccel.lab.levels;

import java.util.List;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.experiment.ExperimentRunner;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * Issue 12 item 3: libdeflate levels 1-9 and igzip levels 0-3 against stock zlib 6 on Cassandra
 * row chunks at 4/16/64 KiB, through Cassandra's real DeflateCompressor. An in-order experiment:
 * one child JVM per configuration ({@link LevelsChild}), one after the other, one measure command
 * per chunk size. Writes lab/results/&lt;stamp&gt;-levels.md and .png.
 *
 * Exit status: 0 when every configuration produced checked numbers, 1 when one failed, 2 on bad
 * arguments or a missing agent jar.
 */
public final class LevelsRunner {
    private LevelsRunner() {
    }

    public static void main(String[] args) throws Exception {
        LevelsOptions options = ExperimentRunner.options("levels", args, LevelsOptions.USAGE, LevelsOptions::parse);
        if (options == null) {
            return;
        }
        ChunkSource source;
        try {
            source = ChunkSource.load(options.source, options.corpusDir, options.maxBytes);
        } catch (IllegalArgumentException | IllegalStateException e) {
            ExperimentRunner.exitOnUsageProblem("levels", String.valueOf(e.getMessage()));
            return;
        }
        ExperimentRunner runner = ExperimentRunner.open("levels", LevelsRunner.class, args, options.agentJar,
                options.resultsDir, LevelsChild.class, "Data", source.label,
                "Agent jar", ChildJvm.describeJar(options.agentJar), "Measured", options.describe());
        ProtocolLine.Builder task = ProtocolLine.of("task").with("source", options.source)
                .with("corpus", options.corpusDir).with("maxBytes", options.maxBytes).with("warmup", options.warmup)
                .with("rounds", options.rounds).with("seconds", options.seconds);
        List<ProtocolLine.Builder> commands = options.chunkKiBs.stream()
                .map(chunkKiB -> ProtocolLine.of("measure").with("chunkKiB", chunkKiB)).collect(Collectors.toList());
        List<Run> runs = runner.runEach(options.configurations(), task, commands, (run, result) -> { });
        boolean charted = LevelsChart.write(runs, options.chunkKiBs, runner.png());
        String markdown = new LevelsReport(runner.header, source, options, runs,
                charted ? runner.png().getFileName().toString() : null).render();
        runner.publish(markdown, charted, !runs.stream().allMatch(Run::usable));
    }
}
