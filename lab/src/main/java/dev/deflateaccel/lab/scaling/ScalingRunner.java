package dev.deflateaccel.lab.scaling;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.ArgList;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ChildSession;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.ReportFiles;
import dev.deflateaccel.lab.tools.ReportHeader;

/**
 * Issue 12 item 5: per-chunk throughput through Cassandra's real DeflateCompressor at 1 to 256
 * threads, per engine, at the agent's default context bound and at other bounds (by default 8,
 * fewer contexts than threads), with the share of calls that found every context busy (from the agent's
 * FallbacksContextsBusy counter). One child JVM per configuration, one after the other. Writes
 * lab/results/&lt;stamp&gt;-scaling.md and .png.
 *
 * Exit status: 0 when every configuration ran, 1 when one failed or the agent counted errors, 2 on
 * bad arguments or a missing agent jar.
 */
public final class ScalingRunner {
    private static final int ANSWER_TIMEOUT_SECONDS = 900;

    private ScalingRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("--help")) {
            System.out.println(ScalingOptions.USAGE);
            return;
        }
        ScalingOptions options;
        try {
            options = ScalingOptions.parse(args);
        } catch (IllegalArgumentException e) {
            ReportFiles.exitOnUsageProblem("scaling", e.getMessage());
            return;
        }
        ReportFiles.exitOnUsageProblem("scaling", ChildJvm.agentJarProblem(options.agentJar));
        ReportHeader header = new ReportHeader(ScalingRunner.class, args);
        header.put("Agent jar", ChildJvm.describeJar(options.agentJar));
        header.put("Measured", options.describe());
        header.printStart("scaling");
        Path workDir = Files.createDirectories(RepoLayout.workDir().resolve(header.stamp() + "-scaling"));
        Path dataFile = ChunkFile.write(options.dataset, options.corpusDir, options.chunkBytes(), workDir);

        List<ScalingOutcome> outcomes = new ArrayList<>();
        List<ScalingConfig> configs = options.configurations();
        for (int i = 0; i < configs.size(); i++) {
            System.out.printf("[scaling] %d/%d %s ...%n", i + 1, configs.size(), configs.get(i).id());
            ScalingOutcome outcome = run(configs.get(i), options, workDir, dataFile);
            System.out.println("[scaling]   " + (outcome.usable() ? "done" : "FAILED: " + outcome.failure));
            outcomes.add(outcome);
        }

        ReportFiles report = new ReportFiles(options.resultsDir, header.stamp(), "scaling");
        Path png = report.png();
        boolean charted = ScalingChart.write(outcomes, options, png);
        String markdown = new ScalingReport(header, options, outcomes, charted ? png.getFileName().toString() : null)
                .render();
        report.publish(markdown, charted);
        System.exit(outcomes.stream().allMatch(ScalingOutcome::usable) ? 0 : 1);
    }

    private static ScalingOutcome run(ScalingConfig config, ScalingOptions options, Path workDir, Path dataFile) {
        ScalingOutcome outcome = new ScalingOutcome(config);
        outcome.agentConfig = config.agentConfig();
        List<String> args = new ArrayList<>(List.of("--data", dataFile.toString(),
                "--chunk-bytes", Integer.toString(options.chunkBytes()), "--engine", config.expectedEngine(),
                "--threads", ArgList.join(options.threads), "--directions", ArgList.join(options.directions),
                "--rounds", Integer.toString(options.rounds), "--seconds", Double.toString(options.seconds),
                "--warmup-seconds", Double.toString(options.warmupSeconds)));
        if (!config.isStock()) {
            args.add("--config");
            args.add(ChildJvm.configPath(workDir, config.id()).toString());
        }
        try (ChildSession child = ChildSession.start(config.id(), ChildJvm.command(
                config.isStock() ? null : options.agentJar, outcome.agentConfig, workDir, config.id(),
                ScalingChild.class, args), true)) {
            outcome.contextBound = Integer.parseInt(child.await("ready", ANSWER_TIMEOUT_SECONDS).get("contexts"));
            for (int threads : options.threads) {
                for (String direction : options.directions) {
                    ScalingPoint point = outcome.point(threads, direction, options.chunkBytes());
                    for (int r = 0; r < options.rounds; r++) {
                        point.addRound(child.await("round", ANSWER_TIMEOUT_SECONDS));
                    }
                    System.out.printf(java.util.Locale.ROOT, "[scaling]   %d threads %s: %s MB/s%s%n", threads,
                            direction, point.throughput().mbps(), point.counted()
                                    ? String.format(java.util.Locale.ROOT, ", %.1f%% of calls found every context busy",
                                    100 * point.busyShare()) : "");
                }
            }
            long errors = child.await("done", ANSWER_TIMEOUT_SECONDS).getLong("errors");
            if (errors != 0) {
                outcome.failure = "the agent counted " + errors + " engine errors under load";
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
