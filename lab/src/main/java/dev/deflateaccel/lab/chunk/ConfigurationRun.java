package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.AgentJar;

/**
 * Runs {@link ChunkCompressionBenchmark} for one configuration in its own JMH forks. The agent (or
 * its absence) is a property of the JVM, so it goes into the forks' command line; the engine the
 * forks must prove served the calls is the benchmark's {@code engine} parameter. JMH writes its
 * JSON result, which {@link JmhResults} reads back.
 */
public final class ConfigurationRun {
    private ConfigurationRun() {
    }

    public static ConfigurationOutcome run(BenchConfiguration configuration, int attempt, RunnerOptions options, Path workDir)
            throws IOException {
        ConfigurationOutcome outcome = new ConfigurationOutcome(configuration);
        outcome.attempt = attempt;
        // Each attempt gets its own directory so the results of a repeated run never mix.
        Path dir = Files.createDirectories(workDir.resolve(configuration.id() + (attempt == 1 ? "" : "-attempt" + attempt)));
        List<String> forkArgs = new ArrayList<>(List.of("-D" + RepoLayout.CORPUS_PROPERTY + "=" + options.corpusDir));
        if (configuration.usesAgent()) {
            if (!Files.isRegularFile(options.agentJar)) {
                outcome.skipped = "agent jar not built (" + options.agentJar + ")";
                return outcome;
            }
            // Checked up front: otherwise every fork dies at JVM start with a message only the console shows.
            outcome.failure = AgentJar.problem(options.agentJar);
            if (outcome.failure != null) {
                return outcome;
            }
            outcome.agentConfig = configuration.agentConfig();
            Path config = Files.write(dir.resolve("agent.conf"), outcome.agentConfig.getBytes(StandardCharsets.UTF_8));
            forkArgs.add("-javaagent:" + options.agentJar + "=config=" + config);
        }
        Path json = dir.resolve("jmh-result.json");
        Options jmh = new OptionsBuilder()
                .include("^" + Pattern.quote(ChunkCompressionBenchmark.class.getName()) + "\\.(compress|decompress)$")
                .param("codec", configuration.codec)
                .param("engine", configuration.expectedEngine)
                .param("dataset", options.datasets.toArray(new String[0]))
                .param("chunkKiB", options.chunkKiBs.stream().map(String::valueOf).toArray(String[]::new))
                .forks(options.forks)
                .warmupIterations(options.warmupIterations)
                .warmupTime(TimeValue.seconds(options.iterationSeconds))
                .measurementIterations(options.measurementIterations)
                .measurementTime(TimeValue.seconds(options.iterationSeconds))
                // A fixed heap, set explicitly so forks never inherit the runner's own JVM flags.
                .jvmArgs("-Xms512m", "-Xmx512m")
                .jvmArgsAppend(forkArgs.toArray(new String[0]))
                // A fork whose engine check throws must fail the run, not leave a plausible score behind.
                .shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .build();
        long start = System.nanoTime();
        MachineLoad before = MachineLoad.snapshot();
        try {
            new Runner(jmh).run();
            JmhResults.read(new String(Files.readAllBytes(json), StandardCharsets.UTF_8), outcome);
        } catch (RunnerException | IOException | RuntimeException e) {
            outcome.failure = "JMH run failed: " + reasons(e);
        }
        outcome.seconds = (System.nanoTime() - start) / 1e9;
        MachineLoad after = MachineLoad.snapshot();
        outcome.load = after.describeSince(before);
        outcome.othersShare = after.othersShareSince(before);
        outcome.disturbed = after.disturbedSince(before);
        return outcome;
    }

    /**
     * What went wrong, down to the forks' own exceptions (an engine check's reason), which JMH
     * hands back as suppressed exceptions below its generic "Benchmark caught the exception".
     */
    static String reasons(Throwable e) {
        StringBuilder text = new StringBuilder(String.valueOf(e));
        for (Throwable inner : e.getSuppressed()) {
            text.append(" / ").append(reasons(inner));
        }
        return e.getCause() == null || e.getCause() == e ? text.toString() : text + " / " + reasons(e.getCause());
    }
}
