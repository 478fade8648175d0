package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.deflateaccel.lab.tools.ArgList;

/** Command-line options of run-steady-load.sh. */
final class SteadyLoadOptions {

    static final String USAGE = String.join("\n",
            "usage: run-steady-load.sh [--quick] [--configs A,B,...] [--repetitions R] [--rows N] [--rate OPS]",
            "                          [--seconds S] [--warmup-seconds W] [--read-share F] [--chunk-kb K] [--results DIR]",
            "       run-steady-load.sh --ingest [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--mixed-seconds M] [--mixed-rate OPS] [--stcs] [--chunk-kb K] [--results DIR]",
            "       run-steady-load.sh --compaction-reads [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--rate OPS] [--seconds S] [--warmup-seconds W] [--chunk-kb K] [--results DIR]",
            "       run-steady-load.sh --saturation [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--steps C1,C2,...] [--p99-bound-ms B] [--seconds S] [--warmup-seconds W]",
            "       run-steady-load.sh --export-uncompressed-sstables DIR [--rows N]",
            "       run-steady-load.sh --write-offline-sstables DIR [--rows N]",
            "  Per run, on a fresh single stock node: preload N points (default 150000) into a time-series table,",
            "  flush and let compactions finish, then W seconds (default 20) of unmeasured warm-up and S seconds",
            "  (default 150) of measured requests at a fixed rate OPS (default 1000/s), a share F (default 0.8) of",
            "  them checked point reads of preloaded points, the rest inserts of new points.",
            "  Configurations (default " + SteadyConfig.DEFAULT_SET + "), alternated, R repetitions (default 3).",
            "  Item 2 (flush with Deflate): --configs " + SteadyConfig.FLUSH_SET,
            "  Known configurations: " + String.join(",", SteadyConfig.names()),
            "  --quick: a smoke run, 20000 points, 10 s warm-up, 30 s, 1 repetition of stock,igzip (unless given).",
            "  --ingest: the write-heavy run instead (issue 19 item 1). Per run, on a fresh node with a 32 MiB",
            "    memtable: ingest N points (default 250000) as fast as the node takes them (closed loop, 32 in",
            "    flight), then M seconds (default 30) of 90% writes / 10% checked reads at OPS/s (default 1000,",
            "    the same for every configuration, so that every run writes the same points),",
            "    then flush and wait until no compaction is pending (settled). Table: LeveledCompactionStrategy",
            "    with 8 MiB SSTables (--stcs: SizeTieredCompactionStrategy). Default configurations",
            "    " + SteadyConfig.INGEST_SET + " (about 35 minutes on 2 cores).",
            "    --mixed-seconds M. With --quick: 50000 points, 10 s, 1 repetition of stock,igzip.",
            "  --compaction-reads: reads during a major compaction instead (issue 19 item 2). Per run, on a fresh",
            "    node with the chunk cache off: import a table of N points (default 3500000, about 210 MiB with",
            "    Deflate; written once offline by CQLSSTableWriter and kept in lab/target/offline-sstables) twice;",
            "    W s (default 15) of unmeasured reads; then per table S s (default 30) of checked point reads at",
            "    OPS/s (default 500) without compaction, and the same reads throughout a major compaction,",
            "    first unthrottled, then at 64 MiB/s. Default configurations " + SteadyConfig.READS_SET + ".",
            "    With --quick: 300000 points, 10 s, 5 s warm-up, 1 repetition of stock,igzip.",
            "  --saturation: the 80/20 load closed loop instead (issue 19 item 3). Per run, after the preload:",
            "    W s unmeasured, then S s (default 30) at each number in flight C (default 4,8,16,32,64); the result is",
            "    the highest throughput whose read p99 stays under B ms (default 20) and the node's CPU per",
            "    operation there. With --quick: 60000 points (so that compactions write with the table's compressor),",
            "    steps 4,16, 10 s, 1 repetition of stock,igzip.",
            "  --export-uncompressed-sstables DIR: no benchmark; load N points into the table with",
            "    compression disabled, flush, major-compact, and copy its SSTable files to DIR.",
            "  --write-offline-sstables DIR: no benchmark and no node; write points [0, N) uncompressed with",
            "    Cassandra's CQLSSTableWriter into a folder under DIR (named by the points, printed), as",
            "    --compaction-reads writes its tables: for lab/run-levels-bench.sh --sstables on the same rows.",
            "  --jfr DIR: every node records a JFR profile (settings=profile) to DIR/<config>-<repetition>.jfr,",
            "    and writes /tmp/perf-<pid>.map at exit, so that a perf record taken beside it names Java methods;",
            "    to see where a configuration's CPU goes; profiling costs CPU, so do not quote such a run's figures.",
            "  Results: lab/target/steady-results/<timestamp>-steady.md (-ingest.md) and .png (--results DIR to change).");

    /** The longest phase an option may ask for: a day, beyond any run this program is meant for. */
    private static final long MAX_SECONDS = 86_400;

    List<SteadyConfig> configs = SteadyConfig.parse(SteadyConfig.DEFAULT_SET);
    int repetitions = 3;
    long rows = 150_000;
    double rate = 1000;
    Duration measured = Duration.ofSeconds(150);
    Duration warmUp = Duration.ofSeconds(20);
    double readShare = 0.8;
    int chunkKb = 16;
    int sensors = 1000;
    int preloadConcurrency = 32;
    /** Bounds the client's memory only; see FixedRateLoad. */
    int maxInFlight = 1024;
    boolean quick;
    /** The write-heavy ingest (IngestRun) instead of the steady mixed load. */
    boolean ingest;
    Duration mixed = Duration.ofSeconds(30);
    /** The mixed phase's fixed rate: the same for every configuration, so every run writes the same points. */
    double mixedRate = 1000;
    boolean stcs;
    /** Reads during a major compaction (CompactionReadsRun) instead of the steady mixed load. */
    boolean compactionReads;
    /** The closed-loop 80/20 load at rising concurrency (SaturationRun) instead of the steady mixed load. */
    boolean saturation;
    List<Integer> steps = List.of(4, 8, 16, 32, 64);
    double p99BoundMillis = 20;
    Path export;
    /** Where --write-offline-sstables writes the uncompressed points, or null. */
    Path writeOffline;
    /** Where each node records a JFR profile (FreshNode), or null. */
    Path jfrDir;
    Path resultsDir = Paths.get(System.getProperty("deflateaccel.steady.results", "target/steady-results"));
    /** Where the offline-written SSTables of --compaction-reads are kept between runs (TimeSeriesSSTables). */
    Path sstableCache = Paths.get(System.getProperty("deflateaccel.sstable.cache", "target/offline-sstables"));
    String commandLine = "";

    static SteadyLoadOptions parse(String[] args) {
        SteadyLoadOptions o = new SteadyLoadOptions();
        o.commandLine = "lab/run-steady-load.sh " + String.join(" ", args);
        // --quick and the modes change the defaults of the options not given, whatever the order.
        Set<String> given = new HashSet<>();
        // An option with a value reads it from args[i + 1]; its case steps over it with i++.
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            given.add(arg);
            switch (arg) {
                case "--quick": o.quick = true; break;
                case "--ingest": o.ingest = true; break;
                case "--saturation": o.saturation = true; break;
                case "--compaction-reads": o.compactionReads = true; break;
                case "--stcs": o.stcs = true; break;
                case "--mixed-seconds": o.mixed = Duration.ofSeconds(ArgList.longIn(args, i++, 0, MAX_SECONDS)); break;
                case "--mixed-rate": o.mixedRate = ArgList.doubleIn(args, i++, 1, Double.MAX_VALUE); break;
                case "--steps": o.steps = steps(args, i++); break;
                case "--p99-bound-ms": o.p99BoundMillis = ArgList.doubleIn(args, i++, 0.001, Double.MAX_VALUE); break;
                case "--configs": o.configs = SteadyConfig.parse(ArgList.value(args, i++)); break;
                case "--repetitions": o.repetitions = (int) ArgList.longIn(args, i++, 1, 100); break;
                case "--rows": o.rows = ArgList.longIn(args, i++, 1000, Long.MAX_VALUE); break;
                case "--rate": o.rate = ArgList.doubleIn(args, i++, 1, Double.MAX_VALUE); break;
                case "--seconds": o.measured = Duration.ofSeconds(ArgList.longIn(args, i++, 1, MAX_SECONDS)); break;
                case "--warmup-seconds":
                    o.warmUp = Duration.ofSeconds(ArgList.longIn(args, i++, 0, MAX_SECONDS));
                    break;
                case "--read-share": o.readShare = ArgList.doubleIn(args, i++, 0, 1); break;
                case "--chunk-kb": o.chunkKb = (int) ArgList.longIn(args, i++, 1, 1024); break;
                case "--write-offline-sstables":
                    o.writeOffline = Paths.get(ArgList.value(args, i++)).toAbsolutePath();
                    break;
                case "--export-uncompressed-sstables":
                    o.export = Paths.get(ArgList.value(args, i++)).toAbsolutePath();
                    break;
                case "--results": o.resultsDir = Paths.get(ArgList.value(args, i++)); break;
                case "--jfr": o.jfrDir = Paths.get(ArgList.value(args, i++)).toAbsolutePath(); break;
                case "-h":
                case "--help":
                    throw new IllegalArgumentException("");
                default:
                    throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        boolean rowsGiven = given.contains("--rows");
        boolean secondsGiven = given.contains("--seconds");
        boolean warmUpGiven = given.contains("--warmup-seconds");
        boolean configsGiven = given.contains("--configs");
        boolean repetitionsGiven = given.contains("--repetitions");
        if (o.ingest) {
            o.rows = rowsGiven ? o.rows : o.quick ? 50_000 : 250_000;
            o.mixed = o.quick && !given.contains("--mixed-seconds") ? Duration.ofSeconds(10) : o.mixed;
            o.configs = configsGiven ? o.configs : SteadyConfig.parse(o.quick ? "stock,igzip" : SteadyConfig.INGEST_SET);
            o.repetitions = repetitionsGiven ? o.repetitions : o.quick ? 1 : 3;
        } else if (o.compactionReads) {
            o.rows = rowsGiven ? o.rows : o.quick ? 300_000 : 3_500_000;
            o.rate = given.contains("--rate") ? o.rate : 500;
            o.measured = secondsGiven ? o.measured : Duration.ofSeconds(o.quick ? 10 : 30);
            o.warmUp = warmUpGiven ? o.warmUp : Duration.ofSeconds(o.quick ? 5 : 15);
            o.configs = configsGiven ? o.configs : SteadyConfig.parse(o.quick ? "stock,igzip" : SteadyConfig.READS_SET);
            o.repetitions = repetitionsGiven ? o.repetitions : o.quick ? 1 : 3;
        } else if (o.saturation) {
            o.rows = rowsGiven ? o.rows : o.quick ? 60_000 : o.rows;
            o.steps = o.quick && !given.contains("--steps") ? List.of(4, 16) : o.steps;
            o.measured = secondsGiven ? o.measured : Duration.ofSeconds(o.quick ? 10 : 30);
            o.warmUp = warmUpGiven ? o.warmUp : Duration.ofSeconds(o.quick ? 5 : 20);
            o.configs = configsGiven ? o.configs : SteadyConfig.parse(o.quick ? "stock,igzip" : SteadyConfig.DEFAULT_SET);
            o.repetitions = repetitionsGiven ? o.repetitions : o.quick ? 1 : 3;
        } else if (o.quick) {
            o.rows = rowsGiven ? o.rows : 20_000;
            o.measured = secondsGiven ? o.measured : Duration.ofSeconds(30);
            o.warmUp = warmUpGiven ? o.warmUp : Duration.ofSeconds(10);
            o.repetitions = repetitionsGiven ? o.repetitions : 1;
            o.configs = configsGiven ? o.configs : SteadyConfig.parse("stock,igzip");
        }
        return o;
    }

    /** --steps C1,C2,...: numbers in flight, each at least 1. */
    private static List<Integer> steps(String[] args, int i) {
        List<Integer> steps;
        try {
            steps = ArgList.ints(ArgList.value(args, i));
        } catch (NumberFormatException e) {
            steps = List.of();
        }
        if (steps.isEmpty() || steps.stream().anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException(args[i] + " " + args[i + 1] + ": want numbers in flight, each at least 1,"
                    + " e.g. 8,32,128");
        }
        return steps;
    }
}
