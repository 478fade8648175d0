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
import dev.deflateaccel.harness.workload.TimeSeriesPoint;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One write-heavy ingest run (issue 19 item 1), the workload Deflate's users keep tables on it
 * for: a fresh node; N time-series points written as fast as the node takes them (closed loop);
 * then a 90/10 write/read phase at a fixed rate (the same for every configuration, so every run
 * writes the same points; the seed is the repetition's); then flush and wait until no compaction is
 * pending. Everything from the first write to settled is measured, because compaction of what
 * was written is the cost the codec changes.
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
    private final Path nodesDir;

    IngestRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.nodesDir = nodesDir;
    }

    IngestResult run(SteadyConfig config, int repetition) {
        IngestResult r = new IngestResult();
        String nodeName = config.name + "-" + repetition;
        try (CassandraNode node = CassandraNode.single(nodeName, nodesDir, "127.0.0.1")) {
            node.start(config.settings(BASE));
            long pid = node.pid();
            LogFile log = node.systemLog();
            long runMark = log.mark();
            TABLE.create(node.session(), config.compressionCql(options.chunkKb), options.stcs ? STCS : LCS);
            EngineStats enginesBefore = node.engineStats();

            ThreadGroupCpu.Snapshot threadsBefore = ThreadGroupCpu.take(pid);
            TimeSeriesPreload ingest = new TimeSeriesPreload(node.session(), TABLE, options.sensors,
                    options.preloadConcurrency);
            long t = System.nanoTime();
            try (DataFileSizes sizes = new DataFileSizes(node.layout().tableDataParent(TABLE.keyspace()))) {
                try (Progress ignored = Progress.show("ingest", () -> String.format(Locale.ROOT, "%,d of %,d points, %ds",
                        ingest.acknowledged(), options.rows, (long) seconds(t)))) {
                    ingest.writeAll(0, options.rows);
                }
                r.ingestSeconds = seconds(t);
                r.ingestedRows = options.rows;

                FixedRateLoad mixed = new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows,
                        options.rows, 0.1, 11 + repetition, options.maxInFlight);
                double rate = options.mixedRate;
                long m = System.nanoTime();
                try (Progress ignored = Progress.show(String.format(Locale.ROOT, "90/10 writes/reads at %,.0f/s", rate),
                        () -> String.format(Locale.ROOT, "%,d done, %ds of %ds", mixed.completed.get(),
                                (long) seconds(m), options.mixed.toSeconds()))) {
                    mixed.run(rate, options.mixed);
                }
                r.mixedSeconds = seconds(m);
                r.failures = mixed.failures.get();
                r.wrongReads = mixed.wrongReads.get();
                r.rows = mixed.nextPoint();

                long lastWrite = System.nanoTime();
                node.nodetool().ok("flush", TABLE.keyspace(), TABLE.name());
                try (Progress ignored = Progress.show("settling: waiting for no pending compaction",
                        () -> String.format(Locale.ROOT, "%ds", (long) seconds(lastWrite)))) {
                    Compactions.awaitNone(node, TABLE.keyspace(), Duration.ofMinutes(30));
                }
                r.settleSeconds = seconds(lastWrite);
                r.whole = ServerLogLines.of(log.linesSince(runMark), TABLE.keyspace(), TABLE.name());
                r.whole.measureFlushedFiles(sizes);
            }
            ThreadGroupCpu.Snapshot threadsAfter = ThreadGroupCpu.take(pid);
            r.cpuMicrosPerRow = threadsBefore.processSecondsUntil(threadsAfter) * 1e6 / r.rows;
            ThreadGroupCpu.secondsBetween(threadsBefore, threadsAfter)
                    .forEach((group, groupSeconds) -> r.cpuMicrosPerRowByGroup.put(group, groupSeconds * 1e6 / r.rows));
            r.compactionCpuSeconds = r.cpuMicrosPerRowByGroup.get("compaction") * r.rows / 1e6;
            r.dataBytes = SSTableFiles.dataBytes(node.layout(), TABLE.keyspace(), TABLE.name());
            if (config.engine != null) {
                checkEngines(config.engine, node.engineStats().since(enginesBefore), r);
            }
            node.stop();
        }
        Files2.deleteRecursively(nodesDir.resolve(nodeName));
        r.rawBytes = rawBytes(r.rows, options.sensors);
        return r;
    }

    /** The configured engine must have compressed what compaction wrote, and nothing may have failed. */
    private static void checkEngines(String engine, EngineStats stats, IngestResult r) {
        long c = stats.get(engine, EngineStats.COMPRESS).operations;
        long d = stats.get(engine, EngineStats.DECOMPRESS).operations;
        r.engines = String.format(Locale.ROOT, "%s %,d compressions / %,d decompressions, other engines %,d / %,d,"
                        + " errors %,d", engine, c, d, stats.operationsExcept(engine, EngineStats.COMPRESS),
                stats.operationsExcept(engine, EngineStats.DECOMPRESS), stats.totalErrors());
        r.enginesOk = stats.agentLoaded() && c > 0 && stats.totalErrors() == 0;
        Progress.say("  agent: %s", r.engines);
    }

    /** Uncompressed column bytes of points [0, rows): the same data for every configuration. */
    private static long rawBytes(long rows, int sensors) {
        long sum = 0;
        for (long i = 0; i < rows; i++) {
            sum += TimeSeriesPoint.of(i, sensors).rawBytes();
        }
        return sum;
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
