package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * One saturation run (issue 19 item 3, the shape of Intel's Cassandra + QAT headline): a fresh
 * node, the steady load's preload, then the same 80/20 time-series load closed loop, at each
 * concurrency step in turn, as fast as the node answers. The node holds a step when its read p99
 * stays under the bound; the highest throughput held, and the node's CPU per operation there, are
 * the result. On a 2-core machine the client takes CPU from the node, so CPU per operation is the
 * figure that carries over.
 */
final class SaturationRun {

    static final TimeSeriesTable TABLE = new TimeSeriesTable("saturation", "readings");

    private final SteadyLoadOptions options;
    private final Path nodesDir;

    SaturationRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.nodesDir = nodesDir;
    }

    SaturationResult run(SteadyConfig config, int repetition) {
        SaturationResult r = new SaturationResult();
        r.p99BoundMillis = options.p99BoundMillis;
        String nodeName = config.name + "-" + repetition;
        try (CassandraNode node = CassandraNode.single(nodeName, nodesDir, "127.0.0.1")) {
            node.start(config.settings(SteadyRun.BASE));
            long pid = node.pid();
            TABLE.create(node.session(), config.compressionCql(options.chunkKb));
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
            EngineStats enginesBefore = node.engineStats();
            for (int concurrency : options.steps) {
                FixedRateLoad load = load(node, nextPoint, 11 + repetition + concurrency);
                SaturationResult.Step step = new SaturationResult.Step(concurrency);
                ThreadGroupCpu.Snapshot before = ThreadGroupCpu.take(pid);
                try (Progress ignored = Progress.show(String.format(Locale.ROOT, "%d in flight, closed loop",
                        concurrency), () -> String.format(Locale.ROOT, "%,d done", load.completed.get()))) {
                    load.runClosedLoop(concurrency, options.measured);
                }
                ThreadGroupCpu.Snapshot after = ThreadGroupCpu.take(pid);
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
            if (config.engine != null) {
                checkEngines(config.engine, node.engineStats().since(enginesBefore), r);
            }
            node.stop();
        }
        Files2.deleteRecursively(nodesDir.resolve(nodeName));
        return r;
    }

    /** The configured engine must have served the steps' reads, and nothing may have failed. */
    private static void checkEngines(String engine, EngineStats stats, SaturationResult r) {
        long c = stats.get(engine, EngineStats.COMPRESS).operations;
        long d = stats.get(engine, EngineStats.DECOMPRESS).operations;
        r.engines = String.format(Locale.ROOT, "%s %,d compressions / %,d decompressions, other engines %,d / %,d,"
                        + " errors %,d", engine, c, d, stats.operationsExcept(engine, EngineStats.COMPRESS),
                stats.operationsExcept(engine, EngineStats.DECOMPRESS), stats.totalErrors());
        r.enginesOk = stats.agentLoaded() && d > 0 && stats.totalErrors() == 0;
        Progress.say("  agent: %s", r.engines);
    }

    private FixedRateLoad load(CassandraNode node, long firstNewPoint, long seed) {
        return new FixedRateLoad(node.session(), TABLE, options.sensors, options.rows, firstNewPoint,
                options.readShare, seed, options.maxInFlight);
    }
}
