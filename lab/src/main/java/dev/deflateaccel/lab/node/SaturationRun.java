package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.Compactions;
import dev.deflateaccel.harness.ThreadGroupCpu;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One saturation run (issue 19 item 3, the shape of Intel's Cassandra + QAT headline), its
 * workload on a fresh node (FreshNode): the steady load's preload, then the same 80/20 time-series load closed loop, at each
 * concurrency step in turn, as fast as the node answers. The node holds a step when its read p99
 * stays under the bound; the highest throughput held, and the node's CPU per operation there, are
 * the result. On a 2-core machine the client takes CPU from the node, so CPU per operation is the
 * figure that carries over.
 */
final class SaturationRun {

    static final TimeSeriesTable TABLE = new TimeSeriesTable("saturation", "readings");

    private final SteadyLoadOptions options;
    private final FreshNode freshNode;

    SaturationRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        // The steps are 80% reads: the configured engine must have decompressed.
        this.freshNode = new FreshNode(nodesDir, CassandraLine.V5_0, SteadyRun.BASE,
                NodeEngineCheck.Requires.DECOMPRESSIONS, options.jfrDir, false);
    }

    SaturationResult run(SteadyConfig config, int repetition) {
        SaturationResult r = new SaturationResult();
        r.p99BoundMillis = options.p99BoundMillis;
        return freshNode.run(config, repetition, r,
                node -> TABLE.create(node.session(), config.compressionCql(options.chunkKb)),
                (node, result) -> measure(node, repetition, result));
    }

    private void measure(FreshNode.Started started, int repetition, SaturationResult r) {
        CassandraNode node = started.node;
        TimeSeriesPreload preload = new TimeSeriesPreload(node.session(), TABLE, options.sensors,
                options.preloadConcurrency);
        try (Progress ignored = Progress.show("preload", () -> String.format(Locale.ROOT, "%,d of %,d points",
                preload.acknowledged(), options.rows))) {
            preload.writeAll(0, options.rows);
        }
        node.nodetool().ok("flush", TABLE.keyspace(), TABLE.name());
        Compactions.awaitNone(node, TABLE.keyspace(), Duration.ofMinutes(10));

        long nextPoint = options.rows;
        // Unmeasured first, so that the JIT has compiled the read path before the first step.
        FixedRateLoad warmUp = load(node, nextPoint, 5 + repetition);
        try (Progress ignored = Progress.show("warm-up, closed loop, not measured", () -> String.format(
                Locale.ROOT, "%,d done", warmUp.completed.get()))) {
            warmUp.runClosedLoop(options.steps.get(0), options.warmUp);
        }
        nextPoint = warmUp.nextPoint();
        r.failures += warmUp.failures.get();
        r.wrongReads += warmUp.wrongReads.get();
        started.countEnginesFrom("the steps");
        for (int concurrency : options.steps) {
            FixedRateLoad load = load(node, nextPoint, 11 + repetition + concurrency);
            SaturationResult.Step step = new SaturationResult.Step(concurrency);
            ThreadGroupCpu.Snapshot before = ThreadGroupCpu.take(started.pid);
            try (Progress ignored = Progress.show(String.format(Locale.ROOT, "%d in flight, closed loop",
                    concurrency), () -> String.format(Locale.ROOT, "%,d done", load.completed.get()))) {
                load.runClosedLoop(concurrency, options.measured);
            }
            ThreadGroupCpu.Snapshot after = ThreadGroupCpu.take(started.pid);
            long ops = Math.max(1, load.completed.get());
            step.opsPerSecond = load.achievedPerSecond();
            step.cpuMicrosPerOp = before.processSecondsUntil(after) * 1e6 / ops;
            step.readP99 = load.reads.percentileMillis(99);
            step.writeP99 = load.writes.percentileMillis(99);
            r.steps.add(step);
            r.failures += load.failures.get();
            r.wrongReads += load.wrongReads.get();
            nextPoint = load.nextPoint();
            Progress.say("  %d in flight: %,.0f ops/s, read p99 %.1f ms, %.0f us CPU/op", concurrency,
                    step.opsPerSecond, step.readP99, step.cpuMicrosPerOp);
        }
    }

    private FixedRateLoad load(CassandraNode node, long firstNewPoint, long seed) {
        return new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows, firstNewPoint,
                options.readShare, seed, options.maxInFlight);
    }
}
