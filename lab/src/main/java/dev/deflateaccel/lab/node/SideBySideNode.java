package dev.deflateaccel.lab.node;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.Compactions;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.LiveConfigEdit;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.ProcessCpu;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * The side-by-side's one node: started with the agent and every engine off, then switched live,
 * phase by phase, between the configurations, as an operator would with the config file. Each
 * phase times the agent's codec clock on both sides alike, so stock's figures are Cassandra's own
 * code measured the same way as the engines'. One node for every phase also means one JVM: no
 * side pays for a colder JIT or page cache, and no phase pays for a node start.
 */
final class SideBySideNode implements AutoCloseable {

    private final SideBySideOptions options;
    private final Path nodesDir;
    private final CassandraNode node;
    private final long pid;
    private final TestTable table;
    private final SampleRows rows = new SampleRows(7, 10);
    private final int phases;
    private int phasesRun;
    /** Every insert the mixed loads had acknowledged: each phase's take the rows after the loaded ones again. */
    private final Set<Long> written = new HashSet<>();

    /** Starts the node under {@code configs.get(0)}, warms every configuration up, and loads the table. */
    SideBySideNode(SideBySideOptions options, Path nodesDir, List<SteadyConfig> configs) {
        this.options = options;
        this.nodesDir = nodesDir;
        this.phases = configs.size() * options.rounds;
        this.table = new TestTable("side_by_side", "rows", options.chunkKb);
        this.node = CassandraNode.single("side-by-side", nodesDir, "127.0.0.1", options.cassandra);
        try {
            node.start(configs.get(0).settings(NodeSettings.stock()));
            this.pid = node.pid();
            warmUp(configs);
            table.create(node.session(), 1);
            load();
            settle();
        } catch (RuntimeException | AssertionError e) {
            close();
            throw e;
        }
    }

    /**
     * Every configuration compacts a separate table once and serves a few seconds of mixed load on
     * it, unmeasured: the JIT compiles each codec's path before any phase is timed.
     */
    private void warmUp(List<SteadyConfig> configs) {
        TestTable warmup = new TestTable("side_by_side", "warmup", options.chunkKb);
        SampleRows warmupRows = new SampleRows(3, 10);
        warmup.create(node.session(), 1);
        new DataWriter(node.session(), warmup, warmupRows, ONE, options.concurrency).writeAll(0, options.warmupRows);
        for (SteadyConfig config : configs) {
            Progress.say("  warm-up, not measured: %s", config.label);
            apply(config);
            DeflateSSTables.flushAndCompact(node, warmup);
            new MixedWorkload(node.session(), warmup, warmupRows, options.warmupRows, options.concurrency, 5)
                    .run(Duration.ofSeconds(3));
        }
    }

    private void load() {
        DataWriter writer = new DataWriter(node.session(), table, rows, ONE, options.concurrency);
        long start = System.nanoTime();
        try (Progress ignored = Progress.show("load", () -> String.format(Locale.ROOT, "%,d of %,d rows, %,.0f rows/s",
                writer.acknowledged(), options.rows, writer.acknowledged() / Math.max(0.001, seconds(start))))) {
            writer.writeAll(0, options.rows);
        }
        node.nodetool().ok("flush", table.keyspace(), table.name());
        Compactions.awaitNone(node, table.keyspace(), Duration.ofMinutes(10));
    }

    /**
     * One mixed load as long as a phase's, unmeasured, before the first phase. Without it the first
     * phase (stock's, in round 1) served its mixed load at 7,361 ops/s against 12,000-14,000 in
     * every later phase (run of 01:02, 750,000 rows): the table's read path was still cold. Its
     * inserts also bring the table to the size every later phase compacts.
     */
    private void settle() {
        Progress.say("  mixed load for %d s on the table, not measured ...", options.mixed.toSeconds());
        MixedWorkload mixed = new MixedWorkload(node.session(), table, rows, options.rows, options.concurrency, 7);
        mixed.run(options.mixed);
        written.addAll(mixed.written);
    }

    /** One phase: {@code config} applied live, a major compaction, then the mixed load. */
    SideBySideResult phase(SteadyConfig config, int round) {
        SideBySideResult r = new SideBySideResult();
        apply(config);
        EngineStats atStart = node.engineStats();
        compaction(r);
        mixed(r, round);
        r.engines = NodeEngineCheck.of(config.engine, node.engineStats().since(atStart),
                NodeEngineCheck.Requires.BOTH, " in the phase");
        Progress.say("  agent: %s", r.engines.line);
        if (++phasesRun == phases) {
            readBack(r);
        }
        return r;
    }

    private void apply(SteadyConfig config) {
        try {
            LiveConfigEdit.applyCleanly(node, config.agent);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the agent's config of " + node.name(), e);
        }
    }

    /**
     * The mixed load's writes flushed, the compactions they started finished, then a timed major
     * compaction: every row rewritten once, read through one codec and written through it.
     */
    private void compaction(SideBySideResult r) {
        node.nodetool().ok("flush", table.keyspace(), table.name());
        Compactions.awaitNone(node, table.keyspace(), Duration.ofMinutes(10));
        LogFile.Mark mark = node.systemLog().mark();
        EngineStats before = node.engineStats();
        double cpu = ProcessCpu.seconds(pid);
        long start = System.nanoTime();
        Progress.say("  major compaction ...");
        node.nodetool().ok("compact", table.keyspace(), table.name());
        double wall = seconds(start);
        r.compactionNodeCpuSeconds = ProcessCpu.seconds(pid) - cpu;
        EngineStats codec = node.engineStats().since(before);
        r.compactionCodecCpuSeconds = codec.cpuNanos() / 1e9;
        r.compactedBytes = codec.bytesIn(EngineStats.COMPRESS);
        ServerLogLines logged = ServerLogLines.of(node.systemLog().linesSince(mark), table.keyspace(), table.name());
        r.compactedDiskBytes = logged.compactedBytesOut;
        r.compactionSeconds = logged.compactionMillis > 0 ? logged.compactionMillis / 1000.0 : wall;
    }

    private void mixed(SideBySideResult r, int round) {
        MixedWorkload mixed = new MixedWorkload(node.session(), table, rows, options.rows, options.concurrency,
                11 + round);
        EngineStats before = node.engineStats();
        double cpu = ProcessCpu.seconds(pid);
        long start = System.nanoTime();
        try (Progress ignored = Progress.show("mixed 50% reads / 50% writes",
                () -> String.format(Locale.ROOT, "%,d ops, %,.0f ops/s, %ds of %ds", mixed.completed.get(),
                        mixed.completed.get() / Math.max(0.001, seconds(start)), (long) seconds(start),
                        options.mixed.toSeconds()))) {
            mixed.run(options.mixed);
        }
        r.mixedNodeCpuSeconds = ProcessCpu.seconds(pid) - cpu;
        r.mixedCodecCpuSeconds = node.engineStats().since(before).cpuNanos() / 1e9;
        r.mixedOperations = mixed.reads.count() + mixed.writes.count();
        r.mixedOpsPerSecond = mixed.operationsPerSecond();
        r.readP99 = mixed.reads.percentileMillis(99);
        r.writeP99 = mixed.writes.percentileMillis(99);
        r.failures = mixed.failures.get();
        r.wrongReads = mixed.wrongReads.get();
        written.addAll(mixed.written);
    }

    /** Every row read back after the last phase: the loaded ones and the mixed loads' inserts. */
    private void readBack(SideBySideResult r) {
        Progress.say("  reading every row back ...");
        DataVerifier.Verification check = new DataVerifier(node.session(), table, rows)
                .scan(ONE, RowSet.range(0, options.rows).union(RowSet.of(written)));
        try {
            check.assertComplete();
            r.dataCheck = String.format(Locale.ROOT, "ok, %,d rows", check.present());
        } catch (AssertionError e) {
            r.dataCheck = "FAILED: " + e.getMessage();
        }
    }

    @Override
    public void close() {
        node.close();
        if (!options.keep) {
            Files2.deleteRecursively(nodesDir.resolve("side-by-side"));
        }
    }
}
