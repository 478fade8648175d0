package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentJar;
import dev.deflateaccel.harness.CassandraDistribution;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.lab.MachineLoad;

/**
 * The project's main command (lab/run-side-by-side.sh): the same short workload on a stock
 * Cassandra 5.0 node with the agent and on one without it, in alternating order (A-B-B-A), printed
 * side by side - throughput, node CPU per operation, latency percentiles, flush and compaction
 * time, SSTable size, which engine served how many Deflate calls - with a judgement per measurement
 * (Verdict) and a one-line verdict. Builds nothing; the nodes and their data are removed on exit,
 * Ctrl-C included, unless --keep is given.
 */
public final class SideBySide {

    private SideBySide() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "side-by-side", SideBySideOptions::parse, SideBySideOptions.USAGE, o -> o.keep,
                SideBySide::run);
    }

    private static SideBySideResult runWithAgent(SideBySideRun runner, int round) {
        Progress.say("== round %d: with agent (libdeflate) ==", round);
        return runner.run("with agent, round " + round, "with-agent-" + round, NodeSettings.withAgent(AgentConfig.libdeflate()));
    }

    private static SideBySideResult runStock(SideBySideRun runner, int round) {
        Progress.say("== round %d: without agent (stock) ==", round);
        return runner.run("without agent, round " + round, "without-agent-" + round, NodeSettings.stock());
    }

    /**
     * Reads every jar once so that the first node does not also pay for a cold file cache, which
     * would make its start-up look slower than the second node's for reasons unrelated to the agent.
     */
    private static void readOnce(Path lib) {
        try (Stream<Path> jars = Files.list(lib)) {
            for (Path jar : (Iterable<Path>) jars::iterator) {
                if (Files.isRegularFile(jar)) {
                    Files.readAllBytes(jar);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + lib, e);
        }
    }

    private static boolean run(SideBySideOptions options, Path nodesDir) {
        CassandraDistribution distribution = CassandraDistribution.locate(options.cassandra);
        Path agentJar = AgentJar.locate();
        Progress.say("Cassandra:     %s", distribution.describe());
        Progress.say("agent:         %s (config: libdeflate both directions)", agentJar);
        Progress.say("JDK:           %s %s", System.getProperty("java.vm.name"), System.getProperty("java.version"));
        Progress.say("node dirs:     %s%s", nodesDir, options.keep ? " (kept)" : " (removed on exit)");

        readOnce(distribution.lib());
        if (options.jfrDir != null) {
            try {
                Files.createDirectories(options.jfrDir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + options.jfrDir, e);
            }
            Progress.say("JFR:           %s/<node>.jfr (profiling: do not compare these runs' figures)", options.jfrDir);
        }
        SideBySideRun runner = new SideBySideRun(options, nodesDir);
        List<SideBySideResult> agent = new ArrayList<>();
        List<SideBySideResult> stock = new ArrayList<>();
        List<Boolean> agentFirst = new ArrayList<>();
        long start = System.nanoTime();
        MachineLoad startLoad = MachineLoad.snapshot();
        for (int round = 1; round <= options.rounds; round++) {
            // Alternate which side runs first (A-B-B-A), so that an advantage of going first or
            // second - cold page cache, a neighbour's build finishing - shows up as disagreement.
            boolean agentFirstNow = (round % 2 == 1) != options.stockFirst;
            agentFirst.add(agentFirstNow);
            if (agentFirstNow) {
                agent.add(runWithAgent(runner, round));
                stock.add(runStock(runner, round));
            } else {
                stock.add(runStock(runner, round));
                agent.add(runWithAgent(runner, round));
            }
            Progress.say("  (elapsed %d s)", (System.nanoTime() - start) / 1_000_000_000L);
        }

        System.out.println();
        System.out.print(new SideBySideReport(agent, stock, agentFirst).render(options));
        // The nodes are this program's children: "other processes" is everything but this comparison.
        MachineLoad endLoad = MachineLoad.snapshot();
        System.out.println("CPU used by other processes during the runs: " + endLoad.describeSince(startLoad));
        if (endLoad.disturbedSince(startLoad)) {
            System.out.printf(Locale.ROOT, "WARNING: the machine was busy (more than %d%% of the CPU went to other"
                    + " processes or steal): the verdict backs nothing; re-run on a quiet machine.%n",
                    Math.round(MachineLoad.DISTURBED * 100));
        }
        List<SideBySideResult> results = new ArrayList<>(agent);
        results.addAll(stock);
        boolean clean = results.stream().allMatch(SideBySideResult::clean);
        if (!clean) {
            System.out.println("\nSOMETHING WENT WRONG: failed requests, wrong reads or a failed read-back above.");
        }
        return clean;
    }
}
