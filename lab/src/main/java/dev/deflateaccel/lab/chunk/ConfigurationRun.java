package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Statistics;

import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.ChildJvm;

/**
 * Runs {@link ChunkCompressionBenchmark} for one configuration in its own JMH forks. The agent (or
 * its absence) is a property of the JVM, so it goes into the forks' command line via
 * jvmArgsAppend, together with the engine the forks must prove served the calls.
 */
public final class ConfigurationRun {
    /** Fixed heap for every fork, and explicitly set so forks never inherit the runner's JVM flags. */
    private static final String[] FORK_JVM_ARGS = {"-Xms512m", "-Xmx512m"};

    private final RunnerOptions options;
    private final Path workDir;

    public ConfigurationRun(RunnerOptions options, Path workDir) {
        this.options = options;
        this.workDir = workDir;
    }

    public ConfigurationOutcome run(BenchConfiguration configuration, int attempt) throws IOException {
        ConfigurationOutcome outcome = new ConfigurationOutcome(configuration);
        outcome.attempt = attempt;
        // Each attempt gets its own directory so fork reports of a repeated run never mix.
        Path reportDir = Files.createDirectories(
                workDir.resolve(attempt == 1 ? configuration.id : configuration.id + "-attempt" + attempt));
        List<String> forkArgs = new ArrayList<>(List.of(
                "-D" + RepoLayout.CORPUS_PROPERTY + "=" + options.corpusDir,
                "-D" + ForkReport.DIR_PROPERTY + "=" + reportDir,
                "-D" + ChunkCompressionBenchmark.EXPECT_ENGINE_PROPERTY + "=" + configuration.expectedEngine));
        if (configuration.usesAgent()) {
            if (!Files.isRegularFile(options.agentJar)) {
                outcome.skipped = "agent jar not built (" + options.agentJar + ")";
                return outcome;
            }
            // Checked up front: otherwise every fork dies at JVM start with a message only the console shows.
            String notAnAgent = ChildJvm.agentJarProblem(options.agentJar);
            if (notAnAgent != null) {
                outcome.failure = notAnAgent;
                return outcome;
            }
            Path configFile = reportDir.resolve("agent.conf");
            outcome.agentConfig = configuration.agentConfig();
            Files.write(configFile, outcome.agentConfig.getBytes(StandardCharsets.UTF_8));
            forkArgs.add("-javaagent:" + options.agentJar + "=config=" + configFile);
        }

        long start = System.nanoTime();
        MachineLoad before = MachineLoad.snapshot();
        try {
            Collection<RunResult> results = new Runner(jmhOptions(configuration, forkArgs, reportDir)).run();
            for (RunResult r : results) {
                record(outcome, r);
            }
        } catch (RunnerException | RuntimeException e) {
            outcome.failure = "JMH run failed: " + e + (e.getCause() != null ? " / " + e.getCause() : "");
        }
        outcome.seconds = (System.nanoTime() - start) / 1e9;
        MachineLoad after = MachineLoad.snapshot();
        outcome.load = after.describeSince(before);
        outcome.othersShare = after.othersShareSince(before);
        outcome.disturbed = after.disturbedSince(before);
        readForkReports(outcome, reportDir);
        return outcome;
    }

    private Options jmhOptions(BenchConfiguration configuration, List<String> forkArgs, Path reportDir) {
        String benchmarks = "^" + Pattern.quote(ChunkCompressionBenchmark.class.getName()) + "\\.(compress|decompress)$";
        return new OptionsBuilder()
                .include(benchmarks)
                .param("codec", configuration.codec)
                .param("dataset", options.datasets.toArray(new String[0]))
                .param("chunkKiB", options.chunkKiBs.stream().map(String::valueOf).toArray(String[]::new))
                .forks(options.forks)
                .warmupIterations(options.warmupIterations)
                .warmupTime(TimeValue.seconds(options.iterationSeconds))
                .measurementIterations(options.measurementIterations)
                .measurementTime(TimeValue.seconds(options.iterationSeconds))
                .jvmArgs(FORK_JVM_ARGS)
                .jvmArgsAppend(forkArgs.toArray(new String[0]))
                // A fork whose engine check throws must fail the run, not leave a plausible score behind.
                .shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON)
                .result(reportDir.resolve("jmh-result.json").toString())
                .build();
    }

    private static void record(ConfigurationOutcome outcome, RunResult run) {
        String dataset = run.getParams().getParam("dataset");
        int chunkKiB = Integer.parseInt(run.getParams().getParam("chunkKiB"));
        Scenario scenario = new Scenario(dataset, chunkKiB);
        Result<?> primary = run.getPrimaryResult();
        Statistics stats = primary.getStatistics();
        Throughput t = Throughput.fromOpsPerSecond(primary.getScore(), primary.getScoreError(),
                stats.getPercentile(50), stats.getMin(), stats.getMax(), scenario.chunkBytes());
        String benchmark = run.getParams().getBenchmark();
        if (benchmark.endsWith(".compress")) {
            outcome.result(scenario).compress = t;
        } else {
            outcome.result(scenario).decompress = t;
        }
    }

    /** Ratios and engine checks written by the forks; a missing or failed engine check fails the row. */
    private void readForkReports(ConfigurationOutcome outcome, Path reportDir) throws IOException {
        for (Scenario scenario : outcome.results.keySet()) {
            Path ratioFile = reportDir.resolve(
                    ForkReport.ratioFileName(outcome.configuration.codec, scenario.dataset, scenario.chunkKiB));
            if (Files.isRegularFile(ratioFile)) {
                Properties p = new Properties();
                try (InputStream in = Files.newInputStream(ratioFile)) {
                    p.load(in);
                }
                outcome.result(scenario).ratio = Double.parseDouble(p.getProperty("compressedBytes"))
                        / Double.parseDouble(p.getProperty("uncompressedBytes"));
            }
            // Every fork (one per benchmark method and fork number) must have checked its engine.
            ConfigurationOutcome.ScenarioResult r = outcome.result(scenario);
            int expectedChecks = options.forks * ((r.compress != null ? 1 : 0) + (r.decompress != null ? 1 : 0));
            int checks = engineChecks(reportDir, scenario).size();
            if (checks < expectedChecks && outcome.failure == null) {
                outcome.failure = "only " + checks + " of " + expectedChecks + " forks reported an engine check for "
                        + scenario;
            }
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(reportDir, "engine-*.txt")) {
            for (Path f : files) {
                String line = f.getFileName() + ": " + new String(Files.readAllBytes(f), StandardCharsets.UTF_8).trim();
                outcome.engineChecks.add(line);
                if (line.contains(": FAILED") && (outcome.failure == null || !outcome.failure.startsWith("engine"))) {
                    // The fork's own reason says more than JMH's generic "Benchmark error during the run".
                    outcome.failure = "engine check failed: " + line;
                }
            }
        }
        outcome.engineChecks.sort(null);
    }

    private static List<String> engineChecks(Path reportDir, Scenario scenario) throws IOException {
        List<String> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(reportDir,
                ForkReport.engineFilePrefix(scenario.dataset, scenario.chunkKiB) + "*.txt")) {
            for (Path f : files) {
                found.add(f.toString());
            }
        }
        return found;
    }
}
