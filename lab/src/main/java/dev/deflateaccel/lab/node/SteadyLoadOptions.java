package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.tools.ValueKind.absolutePath;
import static dev.deflateaccel.lab.tools.ValueKind.integer;
import static dev.deflateaccel.lab.tools.ValueKind.ints;
import static dev.deflateaccel.lab.tools.ValueKind.number;
import static dev.deflateaccel.lab.tools.ValueKind.wholeNumber;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.MemoryCgroup;
import dev.deflateaccel.lab.tools.OptionTable;
import dev.deflateaccel.lab.tools.ValueKind;

/** Command-line options of run-steady-load.sh. */
final class SteadyLoadOptions {

    /** The longest phase an option may ask for: a day, beyond any run this program is meant for. */
    private static final long MAX_SECONDS = 86_400;

    /** What every --quick run measures, once. */
    private static final String FEW = " --configs stock,igzip --repetitions 1";

    private static final OptionTable<SteadyLoadOptions> OPTIONS = new OptionTable<SteadyLoadOptions>(String.join("\n",
            "usage: run-steady-load.sh [--quick] [--configs A,B,...] [--repetitions R] [--rows N] [--rate OPS]",
            "                          [--seconds S] [--warmup-seconds W] [--read-share F] [--chunk-kb K] [--results DIR]",
            "       run-steady-load.sh --ingest [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--mixed-seconds M] [--mixed-rate OPS] [--stcs] [--chunk-kb K] [--results DIR]",
            "       run-steady-load.sh --compaction-reads [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--rate OPS] [--seconds S] [--warmup-seconds W] [--throttle-mibs T] [--chunk-kb K]",
            "                          [--results DIR]",
            "       run-steady-load.sh --saturation [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--steps C1,C2,...] [--p99-bound-ms B] [--seconds S] [--warmup-seconds W]",
            "       run-steady-load.sh --codec-share [--quick] [--configs A,B,...] [--repetitions R] [--rows N]",
            "                          [--seconds S] [--warmup-seconds W] [--mixed-window-rate OPS] [--chunk-kb K]",
            "                          [--results DIR]",
            "  Per run, on a fresh single stock node: preload N points into a time-series table, flush and let",
            "  compactions finish, then W seconds of unmeasured warm-up and S seconds of measured requests at a",
            "  fixed rate OPS, a share F of them checked point reads of preloaded points, the rest inserts of new",
            "  points. Configurations alternated, R repetitions.",
            "  Item 2 (flush with Deflate): --configs " + SteadyConfig.FLUSH_SET,
            "  Results: lab/target/steady-results/<timestamp>-steady.md (-ingest.md) and .png (--results DIR to change)."))
            .flag("--quick", "a smoke run", o -> o.quick = true)
            .flag("--ingest", "the write-heavy run instead (issue 19 item 1). Per run, on a fresh node with a 32 MiB "
                    + "memtable: ingest N points as fast as the node takes them (closed loop, 32 in flight), then M "
                    + "seconds of 90% writes / 10% checked reads at OPS/s (the same for every configuration, so that "
                    + "every run writes the same points), then flush and wait until no compaction is pending "
                    + "(settled). Table: LeveledCompactionStrategy with 8 MiB SSTables. About 35 minutes on 2 cores.",
                    o -> o.ingest = true)
            .flag("--compaction-reads", "reads during a major compaction instead (issue 19 item 2). Per run, on a "
                    + "fresh node with the chunk cache off: import a table of N points (3500000 are about 210 MiB with "
                    + "Deflate; written once offline by CQLSSTableWriter and kept in lab/target/offline-sstables) "
                    + "twice; W s of unmeasured reads; then per table S s of checked point reads at OPS/s without "
                    + "compaction, and the same reads throughout a major compaction, first unthrottled, then at "
                    + "T MiB/s (--throttle-mibs).", o -> o.compactionReads = true)
            .flag("--saturation", "the 80/20 load closed loop instead (issue 19 item 3). Per run, after the preload: "
                    + "W s unmeasured, then S s at each number in flight C; the result is the highest throughput whose "
                    + "read p99 stays under B ms and the node's CPU per operation there. With --quick 60000 points, so "
                    + "that compactions write with the table's compressor.", o -> o.saturation = true)
            .flag("--codec-share", "the agent's codec CPU share against perf's instead (issue 43 item 4): per run N rows"
                    + " loaded and compacted, W s of mixed load unmeasured, S s of it and S s of reads only under perf record"
                    + " (perf, as root); advise --node-cpu after each with every engine off.", o -> o.codecShare = true)
            .option("--configs A,B,...", ValueKind.of("configurations among " + String.join(",", SteadyConfig.names()),
                    SteadyConfig::parse), SteadyConfig.DEFAULT_SET, "configurations, alternated; known: "
                    + String.join(", ", SteadyConfig.names()), (o, v) -> o.configs = v)
            .option("--repetitions R", integer(1, 100), "3", "repetitions, order rotated", (o, v) -> o.repetitions = v)
            .option("--rows N", wholeNumber(1000, Long.MAX_VALUE), "150000", "points preloaded", (o, v) -> o.rows = v)
            .option("--rate OPS", number(1, Double.MAX_VALUE), "1000", "requests per second", (o, v) -> o.rate = v)
            .option("--seconds S", wholeNumber(1, MAX_SECONDS), "150", "measured seconds",
                    (o, v) -> o.measured = Duration.ofSeconds(v))
            .option("--warmup-seconds W", wholeNumber(0, MAX_SECONDS), "20", "unmeasured seconds first",
                    (o, v) -> o.warmUp = Duration.ofSeconds(v))
            .option("--read-share F", number(0, 1), "0.8", "share of checked point reads", (o, v) -> o.readShare = v)
            .option("--chunk-kb K", integer(1, 1024), "16", "the table's chunk size in KiB", (o, v) -> o.chunkKb = v)
            .option("--mixed-seconds M", wholeNumber(0, MAX_SECONDS), "30", "--ingest: seconds of the mixed phase",
                    (o, v) -> o.mixed = Duration.ofSeconds(v))
            .option("--mixed-rate OPS", number(1, Double.MAX_VALUE), "1000", "--ingest: the mixed phase's rate",
                    (o, v) -> o.mixedRate = v)
            .option("--mixed-window-rate OPS", number(1, Double.MAX_VALUE), null, "--codec-share: the mixed load"
                    + " (warm-up and window) at OPS requests/s, the same for every configuration, instead of closed"
                    + " loop: every run then serves the same requests, so its compactions have the same work to do",
                    (o, v) -> o.mixedWindowRate = v)
            .flag("--stcs", "--ingest: SizeTieredCompactionStrategy instead of leveled", o -> o.stcs = true)
            .option("--throttle-mibs T", integer(1, 1024), "64", "--compaction-reads: the second compaction's"
                    + " throttle, MiB/s (nodetool setcompactionthroughput); the default is Cassandra's, which on a"
                    + " machine whose compactions run slower than it never binds: choose one below stock's"
                    + " unthrottled compaction MB/s there", (o, v) -> o.throttleMib = v)
            .option("--window-seconds W", integer(1, 3600), null, "--compaction-reads: also the reads of the W s"
                    + " from each compaction's start, read on after a shorter compaction ends (a dashboard's window"
                    + " of fixed length, in which a faster compaction ends sooner)", (o, v) -> o.windowSeconds = v)
            .flag("--ratio-within-variant", "--compaction-reads: each configuration's ratios to the first configuration"
                    + " of its own variant (igzip-direct-nice to cassandra-direct-nice), not to the first",
                    o -> o.ratioWithinVariant = true)
            .option("--cassandra V", ValueKind.oneOf(CassandraLine.onThisJava(), CassandraLine::version), "5.0",
                    "--compaction-reads: the node's Cassandra line (6.0 for its *-direct configurations; 4.0 and 4.1"
                    + " run on Java 8 and 11 only, so run the lab with JAVA_HOME set to a JDK 11)", (o, v) -> o.line = v)
            .option("--cgroup-mib M", integer(16, 1 << 20), null, "--compaction-reads: each node in a memory cgroup"
                    + " (root, cgroup v1) that may take M MiB after the tables' import: page cache and what it allocates"
                    + " from then on (its heap touched at start), as CASSANDRA-21134's node has less page cache than"
                    + " data", (o, v) -> o.cgroupMib = v)
            .option("--steps C1,C2,...", ints(1, Integer.MAX_VALUE).wanting("numbers in flight, each at least 1, "
                    + "e.g. 8,32,128"), "4,8,16,32,64", "--saturation: numbers in flight", (o, v) -> o.steps = v)
            .option("--p99-bound-ms B", number(0.001, Double.MAX_VALUE), "20", "--saturation: the read p99 bound",
                    (o, v) -> o.p99BoundMillis = v)
            .option("--jfr DIR", absolutePath(), null, "every node records a JFR profile (settings=profile) to "
                    + "DIR/<config>-<repetition>.jfr, and writes /tmp/perf-<pid>.map at exit, so that a perf record "
                    + "taken beside it names Java methods; to see where a configuration's CPU goes; profiling costs "
                    + "CPU, so do not quote such a run's figures.", (o, v) -> o.jfrDir = v)
            .option("--results DIR", absolutePath(), null, "where the report goes", (o, v) -> o.resultsDir = v)
            .preset("--ingest --quick", o -> o.ingest && o.quick, "--rows 50000 --mixed-seconds 10" + FEW)
            .preset("--ingest", o -> o.ingest, "--rows 250000 --configs " + SteadyConfig.INGEST_SET)
            .preset("--compaction-reads --quick", o -> o.compactionReads && o.quick,
                    "--rows 300000 --rate 500 --seconds 10 --warmup-seconds 5" + FEW)
            .preset("--compaction-reads", o -> o.compactionReads,
                    "--rows 3500000 --rate 500 --seconds 30 --warmup-seconds 15 --configs " + SteadyConfig.READS_SET)
            .preset("--codec-share --quick", o -> o.codecShare && o.quick,
                    "--rows 20000 --seconds 15 --warmup-seconds 5 --repetitions 1 --configs " + SteadyConfig.CODEC_SHARE_SET)
            .preset("--codec-share", o -> o.codecShare,
                    "--rows 200000 --seconds 60 --warmup-seconds 20 --configs " + SteadyConfig.CODEC_SHARE_SET)
            .preset("--saturation --quick", o -> o.saturation && o.quick,
                    "--rows 60000 --steps 4,16 --seconds 10 --warmup-seconds 5" + FEW)
            .preset("--saturation", o -> o.saturation, "--seconds 30")
            .preset("--quick", o -> o.quick, "--rows 20000 --seconds 30 --warmup-seconds 10" + FEW);

    static final String USAGE = OPTIONS.usage();

    List<SteadyConfig> configs;
    int repetitions;
    int throttleMib;
    boolean ratioWithinVariant;
    /** --window-seconds; 0 without. */
    int windowSeconds;
    CassandraLine line;
    /** A memory cgroup's limit per node (--compaction-reads), or null for none. */
    Integer cgroupMib;
    long rows;
    double rate;
    Duration measured;
    Duration warmUp;
    double readShare;
    int chunkKb;
    int sensors = 1000;
    int preloadConcurrency = 32;
    /** Bounds the client's memory only; see FixedRateLoad. */
    int maxInFlight = 1024;
    boolean quick;
    /** The write-heavy ingest (IngestRun) instead of the steady mixed load. */
    boolean ingest;
    Duration mixed;
    /** The mixed phase's fixed rate: the same for every configuration, so every run writes the same points. */
    double mixedRate;
    boolean stcs;
    /** Reads during a major compaction (CompactionReadsRun) instead of the steady mixed load. */
    boolean compactionReads;
    /** The closed-loop 80/20 load at rising concurrency (SaturationRun) instead of the steady mixed load. */
    boolean saturation;
    /** --codec-share's mixed load, requests per second; 0: closed loop. */
    double mixedWindowRate;
    /** The agent's codec share against perf's (CodecShareRun) instead of the steady mixed load. */
    boolean codecShare;
    List<Integer> steps;
    double p99BoundMillis;
    /** Where each node records a JFR profile (FreshNode), or null. */
    Path jfrDir;
    Path resultsDir = Paths.get(System.getProperty("deflateaccel.steady.results", "target/steady-results"));
    /** Where the offline-written SSTables of --compaction-reads are kept between runs (TimeSeriesSSTables). */
    Path sstableCache = Paths.get(System.getProperty("deflateaccel.sstable.cache", "target/offline-sstables"));
    String commandLine = "";

    static SteadyLoadOptions parse(String[] args) {
        SteadyLoadOptions o = new SteadyLoadOptions();
        o.commandLine = "lab/run-steady-load.sh " + String.join(" ", args);
        OPTIONS.parse(args, o);
        // Refused here, before a node starts, rather than by the first node that cannot.
        for (SteadyConfig c : o.configs) {
            if (c.yaml.containsKey("compaction_read_disk_access_mode") && !(o.compactionReads && o.line == CassandraLine.V6_0)) {
                throw new IllegalArgumentException(c.name + " sets Cassandra 6.0's direct I/O: it needs --compaction-reads --cassandra 6.0");
            }
        }
        if ((o.windowSeconds > 0 || o.ratioWithinVariant) && !o.compactionReads) {
            throw new IllegalArgumentException("--window-seconds and --ratio-within-variant are --compaction-reads'"
                    + " options: they need --compaction-reads");
        }
        if (o.mixedWindowRate > 0 && !o.codecShare) {
            throw new IllegalArgumentException("--mixed-window-rate is --codec-share's option: it needs --codec-share");
        }
        if (o.cgroupMib != null && !MemoryCgroup.available()) {
            throw new IllegalArgumentException("--cgroup-mib needs root and cgroup v1's memory controller, not available here");
        }
        return o;
    }
}
