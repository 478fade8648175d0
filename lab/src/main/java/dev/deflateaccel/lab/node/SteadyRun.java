package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One steady-load run: a fresh single node, the preload, flush, compactions settled, then the
 * measured window of fixed-rate requests, the server log and the agent's statistics read, the node
 * stopped and its directory removed.
 */
final class SteadyRun {

    /**
     * Every node gets these: a small memtable, so that the window's 20% writes flush several
     * SSTables and size-tiered compaction merges them while the load runs; and unthrottled
     * compaction, so that compaction time is the compressor's and not the 64 MiB/s throttle's.
     */
    static final NodeSettings BASE = NodeSettings.stock()
            .yaml("memtable_heap_space", "16MiB")
            .yaml("compaction_throughput", "0MiB/s");

    static final TimeSeriesTable TABLE = new TimeSeriesTable("steady", "readings");

    private final SteadyLoadOptions options;
    private final Path nodesDir;

    SteadyRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.nodesDir = nodesDir;
    }

    SteadyResult run(SteadyConfig config, int repetition) {
        SteadyResult r = new SteadyResult();
        String nodeName = config.name + "-" + repetition;
        try (CassandraNode node = CassandraNode.single(nodeName, nodesDir, "127.0.0.1")) {
            node.start(config.settings(BASE));
            long pid = node.pid();
            LogFile log = node.systemLog();
            long runMark = log.mark();
            TABLE.create(node.session(), config.compressionCql(options.chunkKb));

            TimeSeriesPreload preload = new TimeSeriesPreload(node.session(), TABLE, options.sensors,
                    options.preloadConcurrency);
            double cpu = ProcessCpu.seconds(pid);
            long t = System.nanoTime();
            try (Progress ignored = Progress.show("preload", () -> String.format(Locale.ROOT, "%,d of %,d points, %ds",
                    preload.acknowledged(), options.rows, (long) seconds(t)))) {
                preload.writeAll(0, options.rows);
            }
            r.preloadRowsPerSecond = options.rows / seconds(t);
            r.preloadCpuMicrosPerRow = (ProcessCpu.seconds(pid) - cpu) * 1e6 / options.rows;
            node.nodetool().ok("flush", TABLE.keyspace(), TABLE.name());
            Progress.say("  preload %,.0f points/s; waiting for its compactions ...", r.preloadRowsPerSecond);
            Compactions.awaitNone(node, TABLE.keyspace(), Duration.ofMinutes(10));

            // The same load, unmeasured, first: the node's read path is not compiled by the JIT yet
            // after a write-only preload, and the first seconds would charge that to the configuration.
            FixedRateLoad warmUp = new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows,
                    options.rows, options.readShare, 5 + repetition, options.maxInFlight);
            try (Progress ignored = Progress.show("warm-up at the same rate, not measured", () -> String.format(
                    Locale.ROOT, "%,d done, %,d late", warmUp.completed.get(), warmUp.lateSends.get()))) {
                warmUp.run(options.rate, options.warmUp);
            }

            EngineStats enginesBefore = node.engineStats();
            FixedRateLoad load = new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows,
                    warmUp.nextPoint(), options.readShare, 11 + repetition, options.maxInFlight);
            long windowMark = log.mark();
            ThreadGroupCpu.Snapshot threadsBefore = ThreadGroupCpu.take(pid);
            long w = System.nanoTime();
            try (DataFileSizes sizes = new DataFileSizes(node.layout().tableDataParent(TABLE.keyspace()));
                    Progress ignored = Progress.show(String.format(Locale.ROOT, "%.0f%% reads at %,.0f/s",
                    options.readShare * 100, options.rate), () -> String.format(Locale.ROOT,
                    "%,d done, %,d late, %ds of %ds", load.completed.get(), load.lateSends.get(), (long) seconds(w),
                    options.measured.toSeconds()))) {
                load.run(options.rate, options.measured);
                r.window = ServerLogLines.of(log.linesSince(windowMark), TABLE.keyspace(), TABLE.name());
                r.window.measureFlushedFiles(sizes);
            }
            ThreadGroupCpu.Snapshot threadsAfter = ThreadGroupCpu.take(pid);
            long ops = Math.max(1, load.completed.get());
            r.cpuMicrosPerOp = threadsBefore.processSecondsUntil(threadsAfter) * 1e6 / ops;
            ThreadGroupCpu.secondsBetween(threadsBefore, threadsAfter)
                    .forEach((group, groupSeconds) -> r.cpuMicrosPerOpByGroup.put(group, groupSeconds * 1e6 / ops));
            r.achievedPerSecond = load.achievedPerSecond();
            r.lateSends = load.lateSends.get();
            r.readP50 = load.reads.percentileMillis(50);
            r.readP99 = load.reads.percentileMillis(99);
            r.writeP50 = load.writes.percentileMillis(50);
            r.writeP99 = load.writes.percentileMillis(99);
            r.failures = load.failures.get() + warmUp.failures.get();
            r.wrongReads = load.wrongReads.get() + warmUp.wrongReads.get();
            r.whole = ServerLogLines.of(log.linesSince(runMark), TABLE.keyspace(), TABLE.name());
            r.dataBytes = SSTableFiles.dataBytes(node.layout(), TABLE.keyspace(), TABLE.name());
            if (config.engine != null) {
                checkEngines(config.engine, node.engineStats().since(enginesBefore), r);
            }
            node.stop();
        }
        Files2.deleteRecursively(nodesDir.resolve(nodeName));
        return r;
    }

    /** The configured engine must have served the window's reads, and nothing may have failed. */
    private static void checkEngines(String engine, EngineStats stats, SteadyResult r) {
        long c = stats.get(engine, EngineStats.COMPRESS).operations;
        long d = stats.get(engine, EngineStats.DECOMPRESS).operations;
        long fallbacks = stats.get(engine, EngineStats.COMPRESS).fallbacks + stats.get(engine, EngineStats.DECOMPRESS).fallbacks;
        r.engines = String.format(Locale.ROOT, "%s %,d compressions / %,d decompressions in the window, other engines"
                        + " %,d / %,d, fallbacks %,d, errors %,d", engine, c, d,
                stats.operationsExcept(engine, EngineStats.COMPRESS), stats.operationsExcept(engine, EngineStats.DECOMPRESS),
                fallbacks, stats.totalErrors());
        r.enginesOk = stats.agentLoaded() && d > 0 && stats.totalErrors() == 0;
        Progress.say("  agent: %s", r.engines);
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
