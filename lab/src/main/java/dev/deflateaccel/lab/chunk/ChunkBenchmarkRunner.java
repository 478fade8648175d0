package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.MachineDescription;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ProgramOptions;
import dev.deflateaccel.lab.tools.ReportDataFile;

/**
 * Runs the whole comparison in one invocation, one configuration after the other (never in
 * parallel: on a 2-core machine concurrent runs would measure each other): the C reference, then
 * stock Deflate, Deflate with the agent per engine, LZ4 and Zstd, each in its own JMH forks.
 * Prints a markdown table and writes it to lab/results/&lt;timestamp&gt;.md.
 *
 * Exit status: 0 when everything that ran is trustworthy, 1 when a configuration failed (crash or
 * engine check), 2 on bad arguments or a required agent jar that is missing.
 */
public final class ChunkBenchmarkRunner {
    private ChunkBenchmarkRunner() {
    }

    public static void main(String[] args) throws Exception {
        RunnerOptions options = ProgramOptions.parse("bench", args, RunnerOptions.USAGE, RunnerOptions::parse);
        if (options != null) {
            System.exit(run(options));
        }
    }

    static int run(RunnerOptions options) throws Exception {
        long start = System.nanoTime();
        LocalDateTime now = LocalDateTime.now();
        String stamp = now.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path workDir = Files.createDirectories(workRoot().resolve(stamp));
        Map<String, String> machine = MachineDescription.describe();
        MachineLoad runStart = MachineLoad.snapshot();
        warnIfBusy();

        System.out.println("[bench] " + options.describe());
        System.out.println("[bench] corpus: " + options.corpusDir + ", work dir: " + workDir);
        machine.forEach((k, v) -> System.out.println("[bench] " + k + ": " + v));
        boolean agentBuilt = Files.isRegularFile(options.agentJar);
        if (!agentBuilt && options.configurations.stream().anyMatch(BenchConfiguration::usesAgent)) {
            if (options.requireAgent) {
                System.err.println("[bench] agent jar missing: " + options.agentJar
                        + " (build it: mvn -q -pl agent -am package -DskipTests)");
                return 2;
            }
            System.out.println("[bench] WARNING: agent jar missing (" + options.agentJar
                    + "): agent configurations will be reported as not run");
        }

        if (options.runNative && options.waitQuietSeconds > 0) {
            MachineLoad.waitForQuiet(options.waitQuietSeconds);
        }
        NativeResults nativeResults = options.runNative
                ? NativeResults.measure(options, workDir)
                : NativeResults.skipped("disabled (--no-native)");

        List<ConfigurationOutcome> outcomes = new ArrayList<>();
        int index = 0;
        for (BenchConfiguration configuration : options.configurations) {
            index++;
            System.out.println("[bench] === configuration " + index + "/" + options.configurations.size() + ": "
                    + configuration.label + " (elapsed " + Numbers.seconds(elapsed(start)) + ") ===");
            outcomes.add(runLeastDisturbed(configuration, options, workDir));
        }

        String markdown = new ResultsReport(options, machine, outcomes, nativeResults,
                now.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME), elapsed(start),
                MachineLoad.snapshot().describeSince(runStart)).render();
        Files.createDirectories(options.resultsDir);
        Path reportFile = options.resultsDir.resolve(stamp + ".md");
        ReportDataFile.write(reportFile, markdown); // and its data beside it, X.json
        System.out.println();
        System.out.println(markdown);
        System.out.println("[bench] report written to " + reportFile + " (raw JMH JSON and agent configs under "
                + workDir + "); total " + Numbers.seconds(elapsed(start)));

        boolean failed = outcomes.stream().anyMatch(o -> o.failure != null);
        if (failed) {
            System.err.println("[bench] FAILED: at least one configuration did not produce trustworthy numbers");
        }
        return failed ? 1 : 0;
    }

    /**
     * Runs a configuration, and again (up to --retries times) while other processes disturbed it;
     * keeps the least disturbed run. A failed run is never retried: failures must stay visible.
     */
    private static ConfigurationOutcome runLeastDisturbed(BenchConfiguration configuration, RunnerOptions options,
                                                          Path workDir) throws Exception {
        ConfigurationOutcome best = null;
        for (int attempt = 1; attempt <= 1 + options.retriesWhenDisturbed; attempt++) {
            if (options.waitQuietSeconds > 0) {
                MachineLoad.waitForQuiet(options.waitQuietSeconds);
            }
            ConfigurationOutcome outcome = ConfigurationRun.run(configuration, attempt, options, workDir);
            System.out.println("[bench] --- " + configuration.label + " (attempt " + attempt + "): " + status(outcome)
                    + "; CPU used by others: " + outcome.load
                    + (outcome.disturbed ? "  <-- disturbed, numbers too low" : ""));
            if (best == null || outcome.othersShare < best.othersShare) {
                best = outcome;
            }
            if (!outcome.disturbed || outcome.failure != null || outcome.skipped != null) {
                return outcome;
            }
        }
        return best;
    }

    /** A two-second look before starting, so a busy machine is noticed before minutes are spent. */
    private static void warnIfBusy() throws InterruptedException {
        MachineLoad before = MachineLoad.snapshot();
        Thread.sleep(2000);
        MachineLoad after = MachineLoad.snapshot();
        System.out.println("[bench] CPU used by others right now: " + after.describeSince(before));
        if (after.disturbedSince(before)) {
            System.out.println("[bench] WARNING: the machine is busy; the numbers will be too low (the report will say so)");
        }
    }

    private static String status(ConfigurationOutcome outcome) {
        if (outcome.skipped != null) {
            return "not run: " + outcome.skipped;
        }
        if (outcome.failure != null) {
            return "FAILED: " + outcome.failure;
        }
        return "done in " + Numbers.seconds(outcome.seconds);
    }

    /** lab/target/bench-work when running from the checkout, else the system temp directory. */
    private static Path workRoot() throws IOException {
        Path preferred = RepoLayout.workDir();
        if (Files.isDirectory(preferred.getParent())) {
            return preferred;
        }
        return Files.createTempDirectory("deflate-accel-bench-");
    }

    private static double elapsed(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
