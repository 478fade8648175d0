package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.MemoryCgroup;
import dev.deflateaccel.harness.NodePorts;
import dev.deflateaccel.harness.NodeTimeline;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.ThreadGroupCpu;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One reads-during-compaction run (issue 19 item 2, the shape of CASSANDRA-21134): a fresh node
 * imports the same offline-written table twice (two tables, so that each compaction starts from
 * the same SSTables); then, per table, fixed-rate point reads for a quiet window, and the same
 * reads throughout a major compaction of that table: first unthrottled, then throttled, by default
 * at Cassandra's default compaction_throughput of 64 MiB/s ({@code --throttle-mibs}). The chunk cache is off, so every read decompresses
 * what it reads, as it does on a node whose working set does not fit the cache.
 */
final class CompactionReadsRun {

    /** Chunk cache off (every read decompresses); no auto_snapshot, which import and drop would otherwise pay for. */
    static final NodeSettings BASE = NodeSettings.stock()
            .yaml("file_cache_enabled", "false")
            .yaml("auto_snapshot", "false");

    static final TimeSeriesTable UNTHROTTLED = new TimeSeriesTable("reads", "unthrottled");
    static final TimeSeriesTable THROTTLED = new TimeSeriesTable("reads", "throttled");
    /** Cassandra's default compaction_throughput, MiB/s. */
    static final int DEFAULT_THROUGHPUT = 64;

    private final SteadyLoadOptions options;
    private final Path nodesDir;
    private final Path sstableCache;
    private final FreshNode freshNode;

    CompactionReadsRun(SteadyLoadOptions options, Path nodesDir, Path sstableCache) {
        this.options = options;
        this.nodesDir = nodesDir;
        this.sstableCache = sstableCache;
        // The compactions write with the table's compressor and the reads decompress: both directions.
        // In a memory cgroup the heap must be resident before the node moves in: its limit is for the page cache.
        this.freshNode = new FreshNode(nodesDir, options.line, options.cgroupMib == null ? BASE
                : BASE.jvmOption("-XX:+AlwaysPreTouch"), NodeEngineCheck.Requires.BOTH, options.jfrDir, false);
    }

    CompactionReadsResult run(SteadyConfig config, int repetition) {
        String compression = config.compressionCql(options.chunkKb);
        Path sstables = TimeSeriesSSTables.cached(UNTHROTTLED, compression, options.rows, options.sensors, sstableCache);
        Path importDir = nodesDir.resolve(config.name + "-" + repetition + "-import");
        return freshNode.run(config, repetition, new CompactionReadsResult(),
                node -> importTables(node, compression, sstables, importDir), (node, r) -> {
                    // CASSANDRA-21134's shape when asked: less page cache than data, from here on.
                    try (MemoryCgroup group = options.cgroupMib == null ? null // none: nothing to close
                            : MemoryCgroup.around(node.pid, "compaction-reads-" + node.pid, options.cgroupMib)) {
                        measureBoth(node, r, repetition);
                    }
                });
    }

    private void measureBoth(FreshNode.Started node, CompactionReadsResult r, int repetition) {
        r.tableBytes = SSTableFiles.dataBytes(node.node.layout(), UNTHROTTLED.keyspace(), UNTHROTTLED.name());
        // The read path is not compiled by the JIT yet on a fresh node; the first seconds would charge that to the configuration.
        FixedRateLoad warmUp = reads(node.node, UNTHROTTLED, 3 + repetition);
        try (Progress ignored = Progress.show("warm-up reads, not measured", () -> String.format(
                Locale.ROOT, "%,d done", warmUp.completed.get()))) {
            warmUp.run(options.rate, options.warmUp);
        }
        measure(node, UNTHROTTLED, 0, r.unthrottled, 11 + repetition);
        measure(node, THROTTLED, options.throttleMib, r.throttled, 21 + repetition);
    }

    /** The same offline-written SSTables imported into both tables, with nothing compacting them before the measurement. */
    private static void importTables(CassandraNode node, String compression, Path sstables, Path importDir) {
        for (TimeSeriesTable table : new TimeSeriesTable[] {UNTHROTTLED, THROTTLED}) {
            table.create(node.session(), compression);
            // Nothing may compact the imported SSTables before the measured major compaction does.
            node.nodetool().ok("disableautocompaction", table.keyspace(), table.name());
            // The importer takes only files under <keyspace>/<table>/ of the folder it is given.
            Path staging = importDir.resolve(table.keyspace()).resolve(table.name());
            TimeSeriesSSTables.copyTo(sstables, staging);
            String imported = node.nodetool().ok("import", table.keyspace(), table.name(), staging.toString());
            Files2.deleteRecursively(importDir);
            if (SSTableFiles.dataBytes(node.layout(), table.keyspace(), table.name()) == 0) {
                throw new IllegalStateException("nodetool import of " + sstables + " into " + table.qualified()
                        + " imported nothing: " + imported + "\n" + node.systemLog().tail(20, 300));
            }
        }
    }

    /** A quiet window of reads, then the same reads for as long as a major compaction of the table runs. */
    private void measure(FreshNode.Started started, TimeSeriesTable table, int throughputMib,
                         CompactionReadsResult.Phase phase, long seed) {
        CassandraNode node = started.node;
        node.nodetool().ok("setcompactionthroughput", String.valueOf(throughputMib));
        String label = throughputMib == 0 ? "unthrottled" : throughputMib + " MiB/s";
        FixedRateLoad quiet = reads(node, table, seed);
        try (Progress ignored = Progress.show(label + ": reads without compaction", () -> String.format(Locale.ROOT,
                "%,d done, %,d late", quiet.completed.get(), quiet.lateSends.get()))) {
            quiet.run(options.rate, options.measured);
        }
        phase.quiet.measure(quiet);

        FixedRateLoad during = reads(node, table, seed + 100);
        LogFile.Mark mark = started.log.mark();
        ThreadGroupCpu.Snapshot before = ThreadGroupCpu.take(started.pid);
        NodeTimeline timeline = NodeTimeline.start(started.pid, node.ports().jmx());
        long start = System.nanoTime();
        CompactionEnd end = new CompactionEnd(started.pid, timeline);
        CompletableFuture<Void> compaction = CompletableFuture.runAsync(() -> {
            try {
                majorCompaction(node, table);
            } finally {
                end.take(); // here, not on the reads' scheduler: stopping the timeline may take a second
            }
        });
        long fixedEnd = start + options.windowSeconds * 1_000_000_000L;
        try (Progress ignored = Progress.show(label + ": reads during the major compaction", () -> String.format(
                Locale.ROOT, "%,d done, %,d late, %ds", during.completed.get(), during.lateSends.get(),
                (System.nanoTime() - start) / 1_000_000_000L))) {
            // Reads go on after the compaction to the end of the fixed window, if one is asked for.
            during.runWhile(options.rate, () -> !compaction.isDone() || System.nanoTime() - fixedEnd < 0);
        }
        compaction.join();
        phase.windowSeconds = (end.nanos - start) / 1e9;
        ThreadGroupCpu.Snapshot after = end.threads;
        phase.timeline = end.seconds;
        phase.during.measure(during, during.reads.completedBetween(start, end.nanos));
        if (options.windowSeconds > 0) {
            phase.fixedWindow.measure(during, during.reads.completedBetween(start, fixedEnd));
        }
        boolean[] stopFree = HostStopFreeSeconds.of(phase.timeline);
        phase.stopFreeSeconds = HostStopFreeSeconds.count(stopFree);
        phase.duringStopFree.measure(during, during.reads.completedInSeconds(start, stopFree));
        phase.readP50PerSecond = during.reads.percentileMillisPerSecond(start, phase.timeline.size(), 50);
        phase.readP99PerSecond = during.reads.percentileMillisPerSecond(start, phase.timeline.size(), 99);
        Map<String, Double> threads = ThreadGroupCpu.secondsBetween(before, after);
        phase.compactionThreadSeconds = threads.get("compaction");
        phase.jitThreadSeconds = threads.get("jit");
        phase.gcThreadSeconds = threads.get("gc");
        ServerLogLines lines = ServerLogLines.of(started.log.linesSince(mark), table.keyspace(), table.name());
        phase.compactionSeconds = lines.compactionMillis / 1e3;
        phase.bytesIn = lines.compactedBytesIn;
        phase.bytesOut = lines.compactedBytesOut;
        Progress.say("  %s: compaction %.1f s at %.1f MB/s, its threads %.2f CPU s per s; read p99 %.1f ms quiet,"
                        + " %.1f ms during", label, phase.compactionSeconds, phase.megabytesPerSecond(),
                phase.compactionCpuPerSecond(), phase.quiet.p99, phase.during.p99);
    }

    /** The moment the compaction returned: the window's end, its threads' CPU and its timeline then. */
    private static final class CompactionEnd {
        private final long pid;
        private final NodeTimeline timeline;
        long nanos;
        ThreadGroupCpu.Snapshot threads;
        List<NodeTimeline.Second> seconds;

        CompactionEnd(long pid, NodeTimeline timeline) {
            this.pid = pid;
            this.timeline = timeline;
        }

        void take() {
            nanos = System.nanoTime();
            threads = ThreadGroupCpu.take(pid);
            seconds = timeline.stop();
        }
    }

    private FixedRateLoad reads(CassandraNode node, TimeSeriesTable table, long seed) {
        return new FixedRateLoad(node.session(), table, options.sensors, options.rows, options.rows, 1.0, seed,
                options.maxInFlight);
    }

    /**
     * StorageService.forceKeyspaceCompaction over JMX, which returns when the compaction is done;
     * nodetool would start a JVM inside the measured window.
     */
    private static void majorCompaction(CassandraNode node, TimeSeriesTable table) {
        try (JMXConnector c = JMXConnectorFactory.connect(NodePorts.jmxUrl(node.ports().jmx()))) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            s.invoke(new ObjectName("org.apache.cassandra.db:type=StorageService"), "forceKeyspaceCompaction",
                    new Object[] {false, table.keyspace(), new String[] {table.name()}},
                    new String[] {"boolean", String.class.getName(), String[].class.getName()});
        } catch (Exception e) {
            throw new IllegalStateException("major compaction of " + table.qualified() + " failed: " + e, e);
        }
    }
}
