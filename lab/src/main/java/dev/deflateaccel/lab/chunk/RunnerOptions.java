package dev.deflateaccel.lab.chunk;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.ArgList;

/**
 * What the runner measures and how long. Two presets, each field overridable:
 * quick (default; also -Dquick): 16 KiB, one data set, 1 fork, 3 x 1 s warm-up, 5 x 1 s measured.
 * full (--full or -Dfull): 4/16/64 KiB, every data set, 2 forks, 3 x 1 s warm-up, 5 x 1 s measured.
 */
public final class RunnerOptions {
    public boolean full;
    public List<Integer> chunkKiBs;
    public List<String> datasets;
    public List<BenchConfiguration> configurations = new ArrayList<>(BenchConfiguration.all());
    public int forks;
    public int warmupIterations;
    public int measurementIterations;
    public int iterationSeconds = 1;
    public int nativeRepetitions;
    public double nativeSecondsPerRepetition;
    public boolean runNative = true;
    /** Before each configuration, wait up to this long for other processes to go quiet. */
    public int waitQuietSeconds = 30;
    /** Repeat a configuration whose run was disturbed by other processes up to this many times. */
    public int retriesWhenDisturbed = 1;
    /** Without the agent jar, agent rows are skipped (and said so); with this set, that is an error. */
    public boolean requireAgent;
    public Path agentJar = RepoLayout.defaultAgentJar();
    public Path corpusDir = RepoLayout.corpusDir();
    public Path resultsDir = RepoLayout.resultsDir();

    public static final String USAGE = String.join("\n",
            "usage: ChunkBenchmarkRunner [--quick | --full] [options]",
            "  --chunks 4,16,64            chunk sizes in KiB",
            "  --datasets calgary,rows     data sets (calgary, canterbury from the corpus; rows = generated)",
            "  --configs stock,libdeflate,igzip,lz4,zstd",
            "  --forks N  --warmup N  --iterations N  --time SECONDS   JMH settings",
            "  --native-reps N  --native-seconds S   C reference repetitions and seconds per repetition",
            "  --no-native                 skip the C reference",
            "  --wait-quiet SECONDS        before each configuration wait up to this for a quiet machine (default 30)",
            "  --retries N                 repeat a configuration disturbed by other processes up to N times (default 1)",
            "  --agent PATH                agent jar (default agent/target/deflate-accel-agent.jar)",
            "  --require-agent             fail instead of skipping agent rows when the jar is missing",
            "  --corpus DIR                corpus directory (default ../shared/corpus next to the checkout)",
            "  --results DIR               where the markdown report goes (default lab/results)");

    public static RunnerOptions parse(String[] args) {
        List<String> list = Arrays.asList(args);
        boolean full = list.contains("--full") || Boolean.getBoolean("full");
        if (full && (list.contains("--quick") || Boolean.getBoolean("quick"))) {
            throw new IllegalArgumentException("choose one of --quick and --full");
        }
        RunnerOptions o = full ? fullPreset() : quickPreset();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick": case "--full": break;
                case "--chunks": o.chunkKiBs = ArgList.ints(value(args, ++i, arg)); break;
                case "--datasets": o.datasets = Arrays.asList(value(args, ++i, arg).split(",")); break;
                case "--configs":
                    o.configurations = new ArrayList<>();
                    for (String s : ArgList.words(value(args, ++i, arg))) {
                        o.configurations.add(BenchConfiguration.byId(s));
                    }
                    break;
                case "--forks": o.forks = Integer.parseInt(value(args, ++i, arg)); break;
                case "--warmup": o.warmupIterations = Integer.parseInt(value(args, ++i, arg)); break;
                case "--iterations": o.measurementIterations = Integer.parseInt(value(args, ++i, arg)); break;
                case "--time": o.iterationSeconds = Integer.parseInt(value(args, ++i, arg)); break;
                case "--native-reps": o.nativeRepetitions = Integer.parseInt(value(args, ++i, arg)); break;
                case "--native-seconds": o.nativeSecondsPerRepetition = Double.parseDouble(value(args, ++i, arg)); break;
                case "--wait-quiet": o.waitQuietSeconds = Integer.parseInt(value(args, ++i, arg)); break;
                case "--retries": o.retriesWhenDisturbed = Integer.parseInt(value(args, ++i, arg)); break;
                case "--no-native": o.runNative = false; break;
                case "--agent": o.agentJar = Paths.get(value(args, ++i, arg)).toAbsolutePath().normalize(); break;
                case "--require-agent": o.requireAgent = true; break;
                case "--corpus": o.corpusDir = Paths.get(value(args, ++i, arg)).toAbsolutePath().normalize(); break;
                case "--results": o.resultsDir = Paths.get(value(args, ++i, arg)).toAbsolutePath().normalize(); break;
                default: throw new IllegalArgumentException("unknown argument '" + arg + "'\n" + USAGE);
            }
        }
        if (o.datasets == null) {
            List<String> available = Datasets.availableOrGenerated(o.corpusDir);
            o.datasets = full ? available : available.subList(0, 1);
        }
        for (String d : o.datasets) {
            if (!Datasets.isAvailable(d, o.corpusDir)) {
                throw new IllegalArgumentException("data set '" + d + "' is not under " + o.corpusDir);
            }
        }
        return o;
    }

    private static RunnerOptions quickPreset() {
        RunnerOptions o = new RunnerOptions();
        o.chunkKiBs = List.of(16);
        o.forks = 1;
        o.warmupIterations = 3;
        o.measurementIterations = 5;
        o.nativeRepetitions = 7;
        o.nativeSecondsPerRepetition = 0.3;
        return o;
    }

    private static RunnerOptions fullPreset() {
        RunnerOptions o = new RunnerOptions();
        o.full = true;
        o.chunkKiBs = List.of(4, 16, 64);
        o.forks = 2;
        o.warmupIterations = 3;
        o.measurementIterations = 5;
        o.nativeRepetitions = 9;
        o.nativeSecondsPerRepetition = 0.5;
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
        }
        return args[i];
    }

    public String describe() {
        return (full ? "full" : "quick") + " mode: chunks " + chunkKiBs + " KiB, data sets " + datasets
                + ", JMH " + forks + " fork(s) x (" + warmupIterations + " warm-up + " + measurementIterations
                + " measured) x " + iterationSeconds + " s; C reference median of " + nativeRepetitions
                + " x >=" + nativeSecondsPerRepetition + " s";
    }
}
