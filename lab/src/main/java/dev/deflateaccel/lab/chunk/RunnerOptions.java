package dev.deflateaccel.lab.chunk;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.ints;
import static dev.deflateaccel.lab.tools.ValueKind.number;
import static dev.deflateaccel.lab.tools.ValueKind.words;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.OptionTable;

/**
 * What the runner measures and how long. Two modes, each setting overridable: quick (the default):
 * 16 KiB, one data set, 1 fork; full ({@code --full}): 4/16/64 KiB, every data set, 2 forks. Both run
 * JMH's 3 x 1 s warm-up and 5 x 1 s measured iterations.
 */
public final class RunnerOptions {
    private static final OptionTable<RunnerOptions> OPTIONS = new OptionTable<RunnerOptions>(
            "usage: ChunkBenchmarkRunner [--quick | --full] [options]")
            .flag("--quick", "16 KiB, one data set, 1 fork (the default)", o -> o.quick = true)
            .flag("--full", "4/16/64 KiB, every data set, 2 forks", o -> o.full = true)
            .option("--chunks K,...", ints(1, 1 << 20), "16", "chunk sizes in KiB", (o, v) -> o.chunkKiBs = v)
            .option("--datasets D,...", words(Datasets.names()), null,
                    "data sets (calgary, canterbury from the corpus; rows = generated); default: the first available, "
                    + "every one with --full", (o, v) -> o.datasets = v)
            .option("--configs C,...", words(ids()), String.join(",", ids()), "configurations",
                    (o, v) -> o.configurations = configurations(v))
            .option("--forks N", integer(1, 100), "1", "JMH forks per configuration", (o, v) -> o.forks = v)
            .option("--warmup N", integer(0, 1000), "3", "JMH warm-up iterations", (o, v) -> o.warmupIterations = v)
            .option("--iterations N", integer(1, 1000), "5", "JMH measured iterations",
                    (o, v) -> o.measurementIterations = v)
            .option("--time SECONDS", integer(1, 3600), "1", "JMH seconds per iteration", (o, v) -> o.iterationSeconds = v)
            .option("--native-reps N", integer(1, 1000), "7", "C reference repetitions",
                    (o, v) -> o.nativeRepetitions = v)
            .option("--native-seconds S", number(0.001, 3600), "0.3", "C reference seconds per repetition",
                    (o, v) -> o.nativeSecondsPerRepetition = v)
            .flag("--no-native", "skip the C reference", o -> o.runNative = false)
            .option("--wait-quiet SECONDS", integer(0, 3600), "30",
                    "before each configuration wait up to this for a quiet machine", (o, v) -> o.waitQuietSeconds = v)
            .option("--retries N", integer(0, 100), "1", "repeat a configuration disturbed by other processes up to N "
                    + "times", (o, v) -> o.retriesWhenDisturbed = v)
            .option("--agent PATH", absolutePath(), null, "agent jar (default agent/target/deflate-accel-agent.jar)",
                    (o, v) -> o.agentJar = v)
            .flag("--require-agent", "fail instead of skipping agent rows when the jar is missing",
                    o -> o.requireAgent = true)
            .option("--corpus DIR", absolutePath(), null, "corpus directory (default ../shared/corpus next to the "
                    + "checkout)", (o, v) -> o.corpusDir = v)
            .option("--results DIR", absolutePath(), null, "where the markdown report goes (default lab/results)",
                    (o, v) -> o.resultsDir = v)
            .preset("--full", o -> o.full, "--chunks 4,16,64 --forks 2 --native-reps 9 --native-seconds 0.5");

    public static final String USAGE = OPTIONS.usage();

    public boolean full;
    private boolean quick;
    public List<Integer> chunkKiBs;
    public List<String> datasets;
    public List<BenchConfiguration> configurations;
    public int forks;
    public int warmupIterations;
    public int measurementIterations;
    public int iterationSeconds;
    public int nativeRepetitions;
    public double nativeSecondsPerRepetition;
    public boolean runNative = true;
    /** Before each configuration, wait up to this long for other processes to go quiet. */
    public int waitQuietSeconds;
    /** Repeat a configuration whose run was disturbed by other processes up to this many times. */
    public int retriesWhenDisturbed;
    /** Without the agent jar, agent rows are skipped (and said so); with this set, that is an error. */
    public boolean requireAgent;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    public static RunnerOptions parse(String[] args) {
        RunnerOptions o = new RunnerOptions();
        OPTIONS.parse(args, o);
        if (o.full && o.quick) {
            throw new IllegalArgumentException("choose one of --quick and --full");
        }
        if (o.datasets == null) {
            List<String> available = Datasets.availableOrGenerated(o.corpusDir);
            o.datasets = o.full ? available : available.subList(0, 1);
        }
        for (String d : o.datasets) {
            if (!Datasets.isAvailable(d, o.corpusDir)) {
                throw new IllegalArgumentException("data set '" + d + "' is not under " + o.corpusDir);
            }
        }
        return o;
    }

    private static List<String> ids() {
        return Stream.of(BenchConfiguration.values()).map(BenchConfiguration::id).collect(Collectors.toList());
    }

    private static List<BenchConfiguration> configurations(List<String> ids) {
        return ids.stream().map(BenchConfiguration::byId).collect(Collectors.toList());
    }

    public String describe() {
        return (full ? "full" : "quick") + " mode: chunks " + chunkKiBs + " KiB, data sets " + datasets
                + ", JMH " + forks + " fork(s) x (" + warmupIterations + " warm-up + " + measurementIterations
                + " measured) x " + iterationSeconds + " s; C reference median of " + nativeRepetitions
                + " x >=" + nativeSecondsPerRepetition + " s";
    }
}
