package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.Compactions;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.ProcessCpu;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.ThreadGroupCpu;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One steady-load run's workload on its fresh node (FreshNode): the preload, flush, compactions
 * settled, an unmeasured warm-up, then the measured window of fixed-rate requests and the server
 * log read. The engine check counts the window only and requires decompressions: the window is
 * 80% reads, and it may see no compaction.
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
    private final FreshNode freshNode;

    SteadyRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.freshNode = new FreshNode(nodesDir, CassandraLine.V5_0, BASE, NodeEngineCheck.Requires.DECOMPRESSIONS,
                options.jfrDir, false);
    }

    SteadyResult run(SteadyConfig config, int repetition) {
        return freshNode.run(config, repetition, new SteadyResult(),
                node -> TABLE.create(node.session(), config.compressionCql(options.chunkKb)),
                (node, r) -> measure(node, repetition, r));
    }

    private void measure(FreshNode.Started node, int repetition, SteadyResult r) {
        TimeSeriesPreload preload = new TimeSeriesPreload(node.session(), TABLE, options.sensors,
                options.preloadConcurrency);
        double cpu = ProcessCpu.seconds(node.pid);
        long t = System.nanoTime();
        try (Progress ignored = Progress.show("preload", () -> String.format(Locale.ROOT, "%,d of %,d points, %ds",
                preload.acknowledged(), options.rows, (long) seconds(t)))) {
            preload.writeAll(0, options.rows);
        }
        r.preloadRowsPerSecond = options.rows / seconds(t);
        r.preloadCpuMicrosPerRow = (ProcessCpu.seconds(node.pid) - cpu) * 1e6 / options.rows;
        node.node.nodetool().ok("flush", TABLE.keyspace(), TABLE.name());
        Progress.say("  preload %,.0f points/s; waiting for its compactions ...", r.preloadRowsPerSecond);
        Compactions.awaitNone(node.node, TABLE.keyspace(), Duration.ofMinutes(10));

        // The same load, unmeasured, first: the node's read path is not compiled by the JIT yet
        // after a write-only preload, and the first seconds would charge that to the configuration.
        FixedRateLoad warmUp = new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows,
                options.rows, options.readShare, 5 + repetition, options.maxInFlight);
        try (Progress ignored = Progress.show("warm-up at the same rate, not measured", () -> String.format(
                Locale.ROOT, "%,d done, %,d late", warmUp.completed.get(), warmUp.lateSends.get()))) {
            warmUp.run(options.rate, options.warmUp);
        }

        node.countEnginesFrom("the window");
        FixedRateLoad load = new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows,
                warmUp.nextPoint(), options.readShare, 11 + repetition, options.maxInFlight);
        LogFile.Mark windowMark = node.log.mark();
        ThreadGroupCpu.Snapshot threadsBefore = ThreadGroupCpu.take(node.pid);
        long w = System.nanoTime();
        try (DataFileSizes sizes = new DataFileSizes(node.node.layout().tableDataParent(TABLE.keyspace()));
                Progress ignored = Progress.show(String.format(Locale.ROOT, "%.0f%% reads at %,.0f/s",
                options.readShare * 100, options.rate), () -> String.format(Locale.ROOT,
                "%,d done, %,d late, %ds of %ds", load.completed.get(), load.lateSends.get(), (long) seconds(w),
                options.measured.toSeconds()))) {
            load.run(options.rate, options.measured);
            r.window = ServerLogLines.of(node.log.linesSince(windowMark), TABLE.keyspace(), TABLE.name());
            r.window.measureFlushedFiles(sizes);
        }
        ThreadGroupCpu.Snapshot threadsAfter = ThreadGroupCpu.take(node.pid);
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
        r.whole = ServerLogLines.of(node.log.linesSince(node.runMark), TABLE.keyspace(), TABLE.name());
        r.dataBytes = SSTableFiles.dataBytes(node.node.layout(), TABLE.keyspace(), TABLE.name());
    }
}
