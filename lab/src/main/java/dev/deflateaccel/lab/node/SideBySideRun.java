package dev.deflateaccel.lab.node;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.ProcessCpu;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * One side of one round, its workload on a fresh node (FreshNode): an unmeasured warm-up, the
 * load, flush and major compaction (LoadAndCompaction), the mixed workload, and a full read-back
 * check. The engines count from after the warm-up.
 */
final class SideBySideRun {

    private final SideBySideOptions options;
    private final FreshNode freshNode;
    private final TestTable table;

    SideBySideRun(SideBySideOptions options, Path nodesDir) {
        this.options = options;
        this.freshNode = new FreshNode(nodesDir, options.cassandra, NodeSettings.stock(),
                NodeEngineCheck.Requires.BOTH, options.jfrDir, options.keep);
        this.table = new TestTable("side_by_side", "rows", options.chunkKb);
    }

    SideBySideResult run(SteadyConfig config, int round) {
        return freshNode.run(config, round, new SideBySideResult(), node -> {
            warmUp(node);
            table.create(node.session(), 1);
        }, this::measure);
    }

    private void measure(FreshNode.Started node, SideBySideResult r) {
        SampleRows rows = new SampleRows(7, 10);
        r.load = LoadAndCompaction.measure(node, table, rows, options.rows, options.concurrency);
        DeflateSSTables.assertAllDeflate(node.node, table);
        r.sstableBytes = SSTableFiles.dataBytes(node.node.layout(), table.keyspace(), table.name());

        MixedWorkload mixed = new MixedWorkload(node.session(), table, rows, options.rows, options.concurrency, 11);
        double cpu = ProcessCpu.seconds(node.pid);
        long mixedStart = System.nanoTime();
        try (Progress ignored = Progress.show("mixed 50% reads / 50% writes",
                () -> String.format(Locale.ROOT, "%,d ops, %,.0f ops/s, %ds of %ds", mixed.completed.get(),
                        mixed.completed.get() / Math.max(0.001, seconds(mixedStart)),
                        (long) seconds(mixedStart), options.mixed.toSeconds()))) {
            mixed.run(options.mixed);
        }
        r.mixedOpsPerSecond = mixed.operationsPerSecond();
        r.mixedCpuMicrosPerOp = (ProcessCpu.seconds(node.pid) - cpu) * 1e6
                / Math.max(1, mixed.reads.count() + mixed.writes.count());
        r.readP50 = mixed.reads.percentileMillis(50);
        r.readP99 = mixed.reads.percentileMillis(99);
        r.writeP50 = mixed.writes.percentileMillis(50);
        r.writeP99 = mixed.writes.percentileMillis(99);
        r.failures = mixed.failures.get();
        r.wrongReads = mixed.wrongReads.get();

        Progress.say("  reading every row back ...");
        RowSet expected = RowSet.range(0, options.rows).union(RowSet.of(mixed.written));
        DataVerifier.Verification check = new DataVerifier(node.session(), table, rows).scan(ONE, expected);
        try {
            check.assertComplete();
            r.dataCheck = String.format(Locale.ROOT, "ok, %,d rows", check.present());
        } catch (AssertionError e) {
            r.dataCheck = "FAILED: " + e.getMessage();
        }
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
}
