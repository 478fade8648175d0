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
            "       run-steady-load.sh --export-uncompressed-sstables DIR [--rows N]",
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
            "    " + SteadyConfig.INGEST_SET + " (about 70 minutes on 2 cores).",
            "    --mixed-seconds M. With --quick: 50000 points, 10 s, 1 repetition of stock,igzip.",
            "  --export-uncompressed-sstables DIR: no benchmark; load N points into the table with",
            "    compression disabled, flush, major-compact, and copy its SSTable files to DIR.",
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
    Path export;
    Path resultsDir = Paths.get(System.getProperty("deflateaccel.steady.results", "target/steady-results"));
    String commandLine = "";

    static SteadyLoadOptions parse(String[] args) {
        SteadyLoadOptions o = new SteadyLoadOptions();
        o.commandLine = "lab/run-steady-load.sh " + String.join(" ", args);
        // --quick and --ingest change the defaults of the options not given, whatever the order.
        Set<String> given = new HashSet<>();
        // An option with a value reads it from args[i + 1]; its case steps over it with i++.
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            given.add(arg);
            switch (arg) {
                case "--quick": o.quick = true; break;
                case "--ingest": o.ingest = true; break;
                case "--stcs": o.stcs = true; break;
                case "--mixed-seconds": o.mixed = Duration.ofSeconds(ArgList.longIn(args, i++, 0, MAX_SECONDS)); break;
                case "--mixed-rate": o.mixedRate = ArgList.doubleIn(args, i++, 1, Double.MAX_VALUE); break;
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
                case "--export-uncompressed-sstables":
                    o.export = Paths.get(ArgList.value(args, i++)).toAbsolutePath();
                    break;
                case "--results": o.resultsDir = Paths.get(ArgList.value(args, i++)); break;
                case "-h":
                case "--help":
                    throw new IllegalArgumentException("");
                default:
                    throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        if (o.ingest) {
            o.rows = given.contains("--rows") ? o.rows : o.quick ? 50_000 : 250_000;
            o.mixed = o.quick && !given.contains("--mixed-seconds") ? Duration.ofSeconds(10) : o.mixed;
            o.configs = given.contains("--configs") ? o.configs
                    : SteadyConfig.parse(o.quick ? "stock,igzip" : SteadyConfig.INGEST_SET);
            o.repetitions = given.contains("--repetitions") ? o.repetitions : o.quick ? 1 : 3;
        } else if (o.quick) {
            o.rows = given.contains("--rows") ? o.rows : 20_000;
            o.measured = given.contains("--seconds") ? o.measured : Duration.ofSeconds(30);
            o.warmUp = given.contains("--warmup-seconds") ? o.warmUp : Duration.ofSeconds(10);
            o.repetitions = given.contains("--repetitions") ? o.repetitions : 1;
            o.configs = given.contains("--configs") ? o.configs : SteadyConfig.parse("stock,igzip");
        }
        return o;
    }
}
