package dev.deflateaccel.lab.levels;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ChildSession;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.ReportFiles;
import dev.deflateaccel.lab.tools.ReportHeader;

/**
 * Issue 12 item 3: libdeflate levels 1-9 and igzip levels 0-3 against stock zlib 6 on Cassandra
 * row chunks at 4/16/64 KiB, through Cassandra's real DeflateCompressor. One child JVM per
 * configuration, one after the other (never two at once on a small machine). Writes
 * lab/results/&lt;stamp&gt;-levels.md and .png.
 *
 * Exit status: 0 when every configuration produced checked numbers, 1 when one failed, 2 on bad
 * arguments or a missing agent jar.
 */
public final class LevelsRunner {
    private static final int CHILD_TIMEOUT_SECONDS = 3 * 3600;

    private LevelsRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("--help")) {
            System.out.println(LevelsOptions.USAGE);
            return;
        }
        LevelsOptions options;
        ChunkSource source;
        try {
            options = LevelsOptions.parse(args);
            source = ChunkSource.load(options.source, options.corpusDir, options.maxBytes);
        } catch (IllegalArgumentException | IllegalStateException e) {
            ReportFiles.exitOnUsageProblem("levels", e.getMessage());
            return;
        }
        ReportFiles.exitOnUsageProblem("levels", ChildJvm.agentJarProblem(options.agentJar));
        ReportHeader header = new ReportHeader(LevelsRunner.class, args);
        header.put("Data", source.label);
        header.put("Agent jar", ChildJvm.describeJar(options.agentJar));
        header.put("Measured", options.describe());
        header.printStart("levels");

        Path workDir = Files.createDirectories(RepoLayout.workDir().resolve(header.stamp() + "-levels"));
        List<LevelOutcome> outcomes = new ArrayList<>();
        List<LevelConfig> configs = LevelConfig.all(options.libdeflateLevels, options.igzipLevels);
        for (int i = 0; i < configs.size(); i++) {
            LevelConfig config = configs.get(i);
            System.out.printf("[levels] %d/%d %s ...%n", i + 1, configs.size(), config.label());
            LevelOutcome outcome = run(config, options, workDir);
            System.out.println("[levels]   " + (outcome.usable() ? outcome.check : "FAILED: " + outcome.failure));
            outcomes.add(outcome);
        }

        ReportFiles report = new ReportFiles(options.resultsDir, header.stamp(), "levels");
        Path png = report.png();
        boolean charted = LevelsChart.write(outcomes, options.chunkKiBs, png);
        String markdown = new LevelsReport(header, source, options, outcomes, charted ? png.getFileName().toString()
                : null).render();
        report.publish(markdown, charted);
        System.exit(outcomes.stream().allMatch(LevelOutcome::usable) ? 0 : 1);
    }

    private static LevelOutcome run(LevelConfig config, LevelsOptions options, Path workDir) {
        LevelOutcome outcome = new LevelOutcome(config);
        outcome.agentConfig = config.agentConfig();
        List<String> childArgs = List.of("--source", options.source, "--corpus", options.corpusDir.toString(),
                "--max-bytes", Long.toString(options.maxBytes), "--chunks", ArgList.join(options.chunkKiBs),
                "--warmup", Integer.toString(options.warmup), "--rounds", Integer.toString(options.rounds),
                "--seconds", Double.toString(options.seconds), "--expect-engine", config.expectedEngine());
        try (ChildSession child = ChildSession.start(config.id(), ChildJvm.command(
                config.isStock() ? null : options.agentJar, outcome.agentConfig, workDir, config.id(),
                LevelsChild.class, childArgs), true)) {
            for (int k = 0; k < options.chunkKiBs.size(); k++) {
                LevelResult r = LevelResult.parse(config, child.await("result", CHILD_TIMEOUT_SECONDS));
                outcome.byChunk.put(r.chunkKiB, r);
            }
            ProtocolLine check = child.await("check", CHILD_TIMEOUT_SECONDS);
            outcome.check = check.get("summary");
            if (!Boolean.parseBoolean(check.get("ok"))) {
                outcome.failure = "engine check failed: " + outcome.check;
            }
            int exit = child.awaitExit(60);
            if (exit != 0 && outcome.failure == null) {
                outcome.failure = "child exited with " + exit;
            }
        } catch (Exception e) {
            outcome.failure = e.getMessage();
        }
        return outcome;
    }
}
