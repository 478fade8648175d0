package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.Compactions;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.PendingCompactions;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.ThreadGroupCpu;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.TimeSeriesPoint;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One write-heavy ingest run's workload (issue 19 item 1) on its fresh node (FreshNode), the
 * workload Deflate's users keep tables on it for: N time-series points written as fast as the node
 * takes them (closed loop); then a 90/10 write/read phase at a fixed rate (the same for every
 * configuration, so every run writes the same points; the seed is the repetition's); then flush and
 * wait until no compaction is pending. Everything from the first write to settled is measured,
 * because compaction of what was written is the cost the codec changes. The engine check requires
 * compressions: compaction of the written data is what the agent must have served.
 */
final class IngestRun {

    /**
     * A 32 MiB memtable (many flushes, so compaction rewrites the data several times) and
     * unthrottled compaction, so that the backlog is the compressor's and not the 64 MiB/s throttle's.
     */
    static final NodeSettings BASE = NodeSettings.stock()
            .yaml("memtable_heap_space", "32MiB")
            .yaml("compaction_throughput", "0MiB/s");

    static final TimeSeriesTable TABLE = new TimeSeriesTable("ingest", "events");
    static final String LCS = "'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 8";
    static final String STCS = "'class': 'SizeTieredCompactionStrategy'";

    private final SteadyLoadOptions options;
    private final FreshNode freshNode;
    /**
     * Raw bytes of points [0, rows) by rows, for this program's fixed sensor count: every run writes
     * the same points, so the sum (a pass over every point) is made once, not after every run.
     */
    private final Map<Long, Long> rawBytesByRows = new HashMap<>();

    IngestRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.freshNode = new FreshNode(nodesDir, CassandraLine.V5_0, BASE, NodeEngineCheck.Requires.COMPRESSIONS,
                options.jfrDir, false);
    }

    IngestResult run(SteadyConfig config, int repetition) {
        IngestResult r = freshNode.run(config, repetition, new IngestResult(),
                node -> TABLE.create(node.session(), config.compressionCql(options.chunkKb), options.stcs ? STCS : LCS),
                (node, result) -> measure(node, repetition, result));
        r.rawBytes = rawBytesByRows.computeIfAbsent(r.rows, rows -> rawBytes(rows, options.sensors));
        return r;
    }

    private void measure(FreshNode.Started node, int repetition, IngestResult r) {
        ThreadGroupCpu.Snapshot threadsBefore = ThreadGroupCpu.take(node.pid);
        TimeSeriesPreload ingest = new TimeSeriesPreload(node.session(), TABLE, options.sensors,
                options.preloadConcurrency);
        try (DataFileSizes sizes = new DataFileSizes(node.node.layout().tableDataParent(TABLE.keyspace()));
                PendingCompactions ingestBacklog = new PendingCompactions(node.node)) {
            long t = System.nanoTime();
            try (Progress ignored = Progress.show("ingest", () -> String.format(Locale.ROOT, "%,d of %,d points, %ds",
                    ingest.acknowledged(), options.rows, (long) seconds(t)))) {
                ingest.writeAll(0, options.rows);
            }
            r.ingestSeconds = seconds(t);
            r.ingestedRows = options.rows;
            // The ingest's own backlog: the mixed phase's light load runs while the node catches up.
            ingestBacklog.start();

            FixedRateLoad mixed = new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows,
                    options.rows, 0.1, 11 + repetition, options.maxInFlight);
            long m = System.nanoTime();
            try (Progress ignored = Progress.show(String.format(Locale.ROOT, "90/10 writes/reads at %,.0f/s",
                    options.mixedRate), () -> String.format(Locale.ROOT, "%,d done, %ds of %ds", mixed.completed.get(),
                    (long) seconds(m), options.mixed.toSeconds()))) {
                mixed.run(options.mixedRate, options.mixed);
            }
            r.mixedSeconds = seconds(m);
            r.failures = mixed.failures.get();
            r.wrongReads = mixed.wrongReads.get();
            r.rows = mixed.nextPoint();

            long lastWrite = System.nanoTime();
            node.node.nodetool().ok("flush", TABLE.keyspace(), TABLE.name());
            try (Progress ignored = Progress.show("settling: waiting for no pending compaction",
                    () -> String.format(Locale.ROOT, "%ds", (long) seconds(lastWrite)))) {
                Compactions.awaitNone(node.node, TABLE.keyspace(), Duration.ofMinutes(30));
            }
            r.settleSeconds = seconds(lastWrite);
            double caughtUp = ingestBacklog.secondsUntilNone();
            // Not seen at zero by a poll: it caught up no later than settled.
            r.ingestBacklogSeconds = Double.isNaN(caughtUp) ? ingestBacklog.secondsSinceStart() : caughtUp;
            r.whole = ServerLogLines.of(node.log.linesSince(node.runMark), TABLE.keyspace(), TABLE.name());
            r.whole.measureFlushedFiles(sizes);
        }
        ThreadGroupCpu.Snapshot threadsAfter = ThreadGroupCpu.take(node.pid);
        r.cpuMicrosPerRow = threadsBefore.processSecondsUntil(threadsAfter) * 1e6 / r.rows;
        ThreadGroupCpu.secondsBetween(threadsBefore, threadsAfter)
                .forEach((group, groupSeconds) -> r.cpuMicrosPerRowByGroup.put(group, groupSeconds * 1e6 / r.rows));
        r.compactionCpuSeconds = r.cpuMicrosPerRowByGroup.get("compaction") * r.rows / 1e6;
        r.dataBytes = SSTableFiles.dataBytes(node.node.layout(), TABLE.keyspace(), TABLE.name());
    }

    /** Uncompressed column bytes of points [0, rows): the same data for every configuration. */
    private static long rawBytes(long rows, int sensors) {
        long sum = 0;
        for (long i = 0; i < rows; i++) {
            sum += TimeSeriesPoint.of(i, sensors).rawBytes();
        }
        return sum;
    }
}
