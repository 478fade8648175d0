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
import dev.deflateaccel.harness.PendingCompactions;
import dev.deflateaccel.harness.PerfProfile;
import dev.deflateaccel.harness.ProcessCpu;
import dev.deflateaccel.harness.VcpuStalls;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * One codec-share run (issue 43 item 4) on a fresh 5.0 node with the agent and the steady load's
 * 16 MiB memtable: the side-by-side's load, compaction and mixed load unmeasured (the JIT's
 * warm-up), then its mixed load and reads only, each with the agent's counters and perf's samples
 * side by side; with every engine off, advise --node-cpu's prediction after each. Reads only are closed
 * loop; the mixed load is too, or at --mixed-window-rate, where every configuration serves the same
 * requests (closed loop, a faster codec serves more, and its compactions have more to write).
 */
final class CodecShareRun {

    /** advise's row for each engine configuration: the engine at the level SteadyConfig sets. */
    static final Map<String, String> ADVISE_ROWS = Map.of("libdeflate", "libdeflate 6", "igzip", "igzip 1");

    /** perf's heaviest symbols kept beside each window's data, for reading a repetition that missed. */
    private static final int SYMBOL_LINES = 60;

    private final SteadyLoadOptions options;
    private final FreshNode freshNode;
    private final TestTable table;
    private final Path perfDir;

    CodecShareRun(SteadyLoadOptions options, Path nodesDir) {
        this.options = options;
        this.freshNode = new FreshNode(nodesDir, CassandraLine.V5_0, SteadyRun.BASE,
                NodeEngineCheck.Requires.BOTH, null, false);
        this.table = new TestTable("codec_share", "rows", options.chunkKb);
        this.perfDir = options.resultsDir.resolve("perf"); // perf's files outlive the node's folder
    }

    CodecShareResult run(SteadyConfig config, int repetition) {
        return freshNode.run(config, repetition, new CodecShareResult(config.engine),
                node -> table.create(node.session(), 1), (node, r) -> measure(node, repetition, r));
    }

    private void measure(FreshNode.Started node, int repetition, CodecShareResult r) {
        SampleRows rows = new SampleRows(7, 10);
        LoadAndCompaction.measure(node, table, rows, options.rows, options.preloadConcurrency);
        Progress.say("  mixed load for %d s, not measured ...", options.warmUp.toSeconds());
        paced(new MixedWorkload(node.session(), table, rows, options.rows, options.preloadConcurrency, 5 + repetition))
                .run(options.warmUp);
        node.countEnginesFrom("the windows");
        for (String name : CodecShareResult.WINDOWS) {
            MixedWorkload load = name.equals("mixed") ? paced(new MixedWorkload(node.session(), table, rows,
                    options.rows, options.preloadConcurrency, 11 + repetition)) : MixedWorkload.pointReads(node.session(), table,
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

    private MixedWorkload paced(MixedWorkload mixed) {
        return options.mixedWindowRate > 0 ? mixed.atRate(options.mixedWindowRate) : mixed;
    }

    /** The window: the agent's counters and the node's CPU read around it, perf recording throughout. */
    private void window(FreshNode.Started node, String name, MixedWorkload load, CodecShareResult.Window w) {
        w.pendingAtStart = PendingCompactions.now(node.node);
        w.probeBefore = InflateProbe.microsPerCall();
        // A stopped vCPU is charged to whatever thread ran on it when the host reports no steal (this one reports
        // none), and perf takes no samples in it: the window says how much there was.
        VcpuStalls stalls = VcpuStalls.start();
        stalls.awaitStarted(30_000);
        double stalledBefore = stalls.totalMs();
        EngineStats before = node.node.engineStats();
        double cpu = ProcessCpu.seconds(node.pid);
        PerfProfile perf = PerfProfile.start(node.pid, perfDir.resolve(node.node.name() + "-" + name + ".data"));
        long start = System.nanoTime();
        // The meters close with the window, also when its load fails: left running they would wake 1,000 times a
        // second per CPU through the runs after it.
        try (stalls; Progress ignored = Progress.show(name + ", measured", () -> String.format(Locale.ROOT,
                "%,d ops, %ds of %ds", load.completed.get(), (long) seconds(start), options.measured.toSeconds()))) {
            load.run(options.measured);
            w.vcpuStallMsPerSecond = (stalls.totalMs() - stalledBefore) / seconds(start);
        }
        double cpuSeconds = ProcessCpu.seconds(node.pid) - cpu;
        EngineStats codec = node.node.engineStats().since(before);
        w.pendingAtEnd = PendingCompactions.now(node.node);
        // A window without perf's figures is n/a in the report; it must not end the other runs.
        w.perf = perf.stop(problem -> Progress.say("  %s", w.perfProblem = problem));
        // After the recording, so that writing the map is not sampled: JIT code named by method.
        JitCodeMap.write(node.pid);
        perf.writeSymbols(SYMBOL_LINES);
        w.probeAfter = InflateProbe.microsPerCall();
        w.agentShare = 100 * codec.cpuNanos() / 1e9 / cpuSeconds;
        for (int d = 0; d < 2; d++) {
            String direction = EngineStats.DIRECTIONS.get(d);
            w.directionShare[d] = 100 * codec.cpuNanos(direction) / 1e9 / cpuSeconds;
            w.cpuMicrosPerCall[d] = codec.cpuNanos(direction) / 1e3 / Math.max(1, codec.operations(direction));
            w.callsPerRequest[d] = codec.operations(direction) / (double) Math.max(1, load.completed.get());
        }
        w.opsPerSecond = load.operationsPerSecond();
        w.cpuSecondsPerOp = cpuSeconds / Math.max(1, load.completed.get());
    }

    /**
     * advise --node-cpu on the node's table right after the window: its shares are the last minute's,
     * nearly all the window's. An advise that could sample nothing (the table's only Deflate SSTable
     * still being written by a compaction, seen in a --quick run) leaves this window without a
     * prediction, n/a in the report, and the other runs go on.
     */
    private void predict(FreshNode.Started node, CodecShareResult.Window w) {
        AgentCli.Result advise = AgentCli.run("advise", "--json", "--seconds", "10", "--node-cpu",
                Integer.toString(node.node.ports().jmx()),
                node.node.layout().tableDataParent(table.keyspace()).toString());
        if (advise.exitCode != 0) {
            String[] lines = advise.output.trim().split("\n");
            w.adviseLine = "no prediction, advise exit " + advise.exitCode + ": " + lines[lines.length - 1];
            return;
        }
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
}
