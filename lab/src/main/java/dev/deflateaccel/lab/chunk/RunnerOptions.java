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
    public List<BenchConfiguration> configurations = List.of(BenchConfiguration.values());
    public int forks;
    public int warmupIterations = 3;
    public int measurementIterations = 5;
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
        RunnerOptions o = preset(full);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick": case "--full": continue;
                case "--no-native": o.runNative = false; continue;
                case "--require-agent": o.requireAgent = true; continue;
                default: break; // an option with a value
            }
            String v = ArgList.value(args, i++);
            switch (arg) {
                case "--chunks": o.chunkKiBs = ArgList.ints(v); break;
                case "--datasets": o.datasets = ArgList.words(v); break;
                case "--configs":
                    o.configurations = new ArrayList<>();
                    for (String id : ArgList.words(v)) {
                        o.configurations.add(BenchConfiguration.byId(id));
                    }
                    break;
                case "--forks": o.forks = Integer.parseInt(v); break;
                case "--warmup": o.warmupIterations = Integer.parseInt(v); break;
                case "--iterations": o.measurementIterations = Integer.parseInt(v); break;
                case "--time": o.iterationSeconds = Integer.parseInt(v); break;
                case "--native-reps": o.nativeRepetitions = Integer.parseInt(v); break;
                case "--native-seconds": o.nativeSecondsPerRepetition = Double.parseDouble(v); break;
                case "--wait-quiet": o.waitQuietSeconds = Integer.parseInt(v); break;
                case "--retries": o.retriesWhenDisturbed = Integer.parseInt(v); break;
                case "--agent": o.agentJar = Paths.get(v).toAbsolutePath().normalize(); break;
                case "--corpus": o.corpusDir = Paths.get(v).toAbsolutePath().normalize(); break;
                case "--results": o.resultsDir = Paths.get(v).toAbsolutePath().normalize(); break;
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

    private static RunnerOptions preset(boolean full) {
        RunnerOptions o = new RunnerOptions();
        o.full = full;
        o.chunkKiBs = full ? List.of(4, 16, 64) : List.of(16);
        o.forks = full ? 2 : 1;
        o.nativeRepetitions = full ? 9 : 7;
        o.nativeSecondsPerRepetition = full ? 0.5 : 0.3;
        return o;
    }

    public String describe() {
        return (full ? "full" : "quick") + " mode: chunks " + chunkKiBs + " KiB, data sets " + datasets
                + ", JMH " + forks + " fork(s) x (" + warmupIterations + " warm-up + " + measurementIterations
                + " measured) x " + iterationSeconds + " s; C reference median of " + nativeRepetitions
                + " x >=" + nativeSecondsPerRepetition + " s";
    }
}
