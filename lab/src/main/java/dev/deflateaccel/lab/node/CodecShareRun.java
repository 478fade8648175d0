package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.deflateaccel.harness.AgentCli;
import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.PerfProfile;
import dev.deflateaccel.harness.ProcessCpu;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * One codec-share run (issue 43 item 4) on a fresh 5.0 node with the agent: the side-by-side's
 * load, flush and major compaction and an unmeasured stretch of its mixed load (the JIT's warm-up),
 * then two measured windows: its 50/50 mixed load, then reads only (every read decompresses a
 * chunk: 5.0's chunk cache is off by default), both closed loop, on the steady load's 16 MiB
 * memtable so that the mixed window flushes and compacts. Over each window the agent's codec CPU
 * counters and perf's samples of the node are taken side by side; with every engine off
 * (Cassandra's own code, timed) advise --node-cpu then predicts each engine's share from that
 * window's last minute, for the report to hold against what the engine runs measure.
 */
final class CodecShareRun {

    private final SteadyLoadOptions options;
    private final FreshNode freshNode;
    private final TestTable table;
    private final Path perfDir;

    CodecShareRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.freshNode = new FreshNode(nodesDir, CassandraLine.V5_0, SteadyRun.BASE,
                NodeEngineCheck.Requires.BOTH, null, false);
        this.table = new TestTable("codec_share", "rows", options.chunkKb);
        // perf's files outlive the node's folder, so that a window's profile can be looked at again.
        this.perfDir = options.resultsDir.resolve("perf");
    }

    CodecShareResult run(SteadyConfig config, int repetition) {
        return freshNode.run(config, repetition, new CodecShareResult(config.engine),
                node -> table.create(node.session(), 1), (node, r) -> measure(node, repetition, r));
    }

    private void measure(FreshNode.Started node, int repetition, CodecShareResult r) {
        SampleRows rows = new SampleRows(7, 10);
        LoadAndCompaction.measure(node, table, rows, options.rows, options.preloadConcurrency);
        Progress.say("  mixed load for %d s, not measured ...", options.warmUp.toSeconds());
        new MixedWorkload(node.session(), table, rows, options.rows, options.preloadConcurrency, 5 + repetition)
                .run(options.warmUp);
        node.countEnginesFrom("the windows");
        for (String name : CodecShareResult.WINDOWS) {
            MixedWorkload load = name.equals("mixed") ? new MixedWorkload(node.session(), table, rows, options.rows,
                    options.preloadConcurrency, 11 + repetition) : MixedWorkload.pointReads(node.session(), table,
                    rows, options.rows, options.preloadConcurrency, 17 + repetition);
            CodecShareResult.Window w = r.windows.get(name);
            window(node, name, load, w);
            r.failures += load.failures.get();
            r.wrongReads += load.wrongReads.get();
            if (r.engine.equals("cassandra")) {
                predict(node, w);
            }
            Progress.say("  %s: agent %.1f%%, perf %.1f%%; %s", name, w.agentShare, r.perfCodec(name), w.adviseLine);
        }
    }

    /** The window: the agent's counters and the node's CPU read around it, perf recording throughout. */
    private void window(FreshNode.Started node, String name, MixedWorkload load, CodecShareResult.Window w) {
        EngineStats before = node.node.engineStats();
        double cpu = ProcessCpu.seconds(node.pid);
        PerfProfile perf = PerfProfile.start(node.pid, perfDir.resolve(node.node.name() + "-" + name + ".data"));
        long start = System.nanoTime();
        try (Progress ignored = Progress.show(name + ", measured", () -> String.format(Locale.ROOT,
                "%,d ops, %ds of %ds", load.completed.get(), (long) seconds(start), options.measured.toSeconds()))) {
            load.run(options.measured);
        }
        try {
            w.perf = perf.stop();
        } catch (IllegalStateException e) {
            // One window without perf's figures (n/a in the report) must not end the other runs.
            w.perfProblem = e.getMessage();
            Progress.say("  %s", e.getMessage());
        }
        double cpuSeconds = ProcessCpu.seconds(node.pid) - cpu;
        EngineStats codec = node.node.engineStats().since(before);
        w.agentShare = 100 * codec.cpuNanos() / 1e9 / cpuSeconds;
        for (int d = 0; d < 2; d++) {
            String direction = EngineStats.DIRECTIONS.get(d);
            w.directionShare[d] = 100 * codec.cpuNanos(direction) / 1e9 / cpuSeconds;
            w.cpuMicrosPerCall[d] = codec.cpuNanos(direction) / 1e3 / Math.max(1, codec.operations(direction));
        }
        w.opsPerSecond = load.operationsPerSecond();
        w.cpuSecondsPerOp = cpuSeconds / Math.max(1, load.completed.get());
    }

    /**
     * advise --node-cpu on the node's table right after the window, as an operator runs it: its
     * shares are the agent's last minute, nearly all of it the window (advise reads them after its
     * short sampling, while the node idles).
     */
    private void predict(FreshNode.Started node, CodecShareResult.Window w) {
        AgentCli.Result advise = AgentCli.run("advise", "--json", "--seconds", "10", "--node-cpu",
                Integer.toString(node.node.ports().jmx()),
                node.node.layout().tableDataParent(table.keyspace()).toString()).ok();
        try {
            JsonNode json = new ObjectMapper().readTree(advise.output.substring(advise.output.indexOf('{')));
            json.get("nodeCodecCpu").forEach(line -> w.adviseLine += (w.adviseLine.isEmpty() ? "" : " ") + line.asText());
            JsonNode shares = json.get("nodeCodecCpuShares");
            if (shares != null && !shares.isNull()) {
                w.adviseShare = shares.get("total").asDouble();
                shares.get("predicted").forEach(p -> w.predicted.put(p.get("row").asText(), p.get("median").asDouble()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("advise --json gave no JSON: " + advise.output, e);
        }
    }

    /** advise's row for each engine configuration: the engine at the level SteadyConfig sets. */
    static final Map<String, String> ADVISE_ROWS = Map.of("libdeflate", "libdeflate 6", "igzip", "igzip 1");
}
