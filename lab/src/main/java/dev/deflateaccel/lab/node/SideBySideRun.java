package dev.deflateaccel.lab.node;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * One side of the comparison: a fresh node with the given settings, the load, flush and
 * compaction, the mixed workload, a full read-back check, the agent's statistics, and the node
 * stopped again.
 */
final class SideBySideRun {

    private final SideBySideOptions options;
    private final Path nodesDir;

    SideBySideRun(SideBySideOptions options, Path nodesDir) {
        this.options = options;
        this.nodesDir = nodesDir;
    }

    SideBySideResult run(String label, String nodeName, NodeSettings settings) {
        SideBySideResult result = new SideBySideResult(label);
        try (CassandraNode node = CassandraNode.single(nodeName, nodesDir, "127.0.0.1", options.cassandra)) {
            long t = System.nanoTime();
            node.start(options.jfrDir == null ? settings : settings.flightRecording(options.jfrDir.resolve(nodeName + ".jfr")));
            result.startSeconds = seconds(t);

            long pid = node.pid();
            warmUp(node);
            EngineStats before = node.engineStats();

            TestTable table = new TestTable("side_by_side", "rows", options.chunkKb);
            SampleRows rows = new SampleRows(7, 10);
            table.create(node.session(), 1);

            DataWriter writer = new DataWriter(node.session(), table, rows, ONE, options.concurrency);
            double cpu = ProcessCpu.seconds(pid);
            t = System.nanoTime();
            long loadStart = t;
            try (Progress ignored = Progress.show("load", () -> rate(writer.acknowledged(), options.rows, loadStart))) {
                writer.writeAll(0, options.rows);
            }
            result.loadRowsPerSecond = options.rows / seconds(t);
            result.loadCpuMicrosPerRow = (ProcessCpu.seconds(pid) - cpu) * 1e6 / options.rows;

            Progress.say("  flush, then major compaction ...");
            t = System.nanoTime();
            node.nodetool().ok("flush", table.keyspace(), table.name());
            result.flushSeconds = seconds(t);
            // Compactions the load triggered finish first, so that the timed major compaction
            // is the same work on both sides: all rows rewritten once with DeflateCompressor.
            Compactions.awaitNone(node, table.keyspace(), Duration.ofMinutes(5));
            cpu = ProcessCpu.seconds(pid);
            long logMark = node.systemLog().mark();
            t = System.nanoTime();
            node.nodetool().ok("compact", table.keyspace(), table.name());
            result.compactionSeconds = seconds(t);
            // The server's own duration leaves out the nodetool JVM's start-up, about a second of noise here.
            long loggedMillis = ServerLogLines.of(node.systemLog().linesSince(logMark), table.keyspace(), table.name())
                    .compactionMillis;
            result.serverCompactionSeconds = loggedMillis > 0 ? loggedMillis / 1000.0 : Double.NaN;
            result.compactionCpuMicrosPerRow = (ProcessCpu.seconds(pid) - cpu) * 1e6 / options.rows;
            DeflateSSTables.assertAllDeflate(node, table);
            result.sstableBytes = SSTableFiles.dataBytes(node.layout(), table.keyspace(), table.name());

            MixedWorkload mixed = new MixedWorkload(node.session(), table, rows, options.rows, options.concurrency, 11);
            cpu = ProcessCpu.seconds(pid);
            long mixedStart = System.nanoTime();
            try (Progress ignored = Progress.show("mixed 50% reads / 50% writes",
                    () -> String.format(Locale.ROOT, "%,d ops, %,.0f ops/s, %ds of %ds", mixed.completed.get(),
                            mixed.completed.get() / Math.max(0.001, seconds(mixedStart)),
                            (long) seconds(mixedStart), options.mixed.toSeconds()))) {
                mixed.run(options.mixed);
            }
            result.mixedOpsPerSecond = mixed.operationsPerSecond();
            result.mixedCpuMicrosPerOp = (ProcessCpu.seconds(pid) - cpu) * 1e6
                    / Math.max(1, mixed.reads.count() + mixed.writes.count());
            result.readP50 = mixed.reads.percentileMillis(50);
            result.readP99 = mixed.reads.percentileMillis(99);
            result.writeP50 = mixed.writes.percentileMillis(50);
            result.writeP99 = mixed.writes.percentileMillis(99);
            result.failures = mixed.failures.get();
            result.wrongReads = mixed.wrongReads.get();

            Progress.say("  reading every row back ...");
            RowSet expected = RowSet.range(0, options.rows).union(RowSet.of(mixed.written));
            DataVerifier.Verification check = new DataVerifier(node.session(), table, rows).scan(ONE, expected);
            try {
                check.assertComplete();
                result.dataCheck = String.format(Locale.ROOT, "ok, %,d rows", check.present());
            } catch (AssertionError e) {
                result.dataCheck = "FAILED: " + e.getMessage();
            }
            result.engines = node.engineStats().since(before);
            node.stop();
        }
        return result;
    }

    /**
     * The same unmeasured work on a separate table first, so that neither side's numbers include
     * JIT compilation of the server's (or this client's) code paths - the first side would
     * otherwise pay for warming up the client for both.
     */
    private void warmUp(CassandraNode node) {
        if (options.warmupRows == 0) {
            return;
        }
        TestTable warmup = new TestTable("side_by_side", "warmup", options.chunkKb);
        SampleRows rows = new SampleRows(3, 10);
        warmup.create(node.session(), 1);
        DataWriter writer = new DataWriter(node.session(), warmup, rows, ONE, options.concurrency);
        long start = System.nanoTime();
        try (Progress ignored = Progress.show("warm-up, not measured",
                () -> String.format(Locale.ROOT, "%,d of %,d rows written, %ds", writer.acknowledged(), options.warmupRows,
                        (long) seconds(start)))) {
            writer.writeAll(0, options.warmupRows);
            DeflateSSTables.flushAndCompact(node, warmup);
            new MixedWorkload(node.session(), warmup, rows, options.warmupRows, options.concurrency, 5)
                    .run(Duration.ofSeconds(5));
        }
    }

    private static String rate(long done, long total, long startNanos) {
        return String.format(Locale.ROOT, "%,d of %,d rows, %,.0f rows/s", done, total, done / Math.max(0.001, seconds(startNanos)));
    }
}
