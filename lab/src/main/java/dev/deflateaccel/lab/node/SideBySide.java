package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.deflateaccel.harness.AgentJar;
import dev.deflateaccel.harness.CassandraDistribution;
import dev.deflateaccel.lab.MachineLoad;

/**
 * The project's main command (lab/run-side-by-side.sh): the same short workload on a stock
 * Cassandra 5.0 node with the agent and on one without it, in alternating order (A-B-B-A), printed
 * side by side - throughput, node CPU per operation, latency percentiles, flush and compaction
 * time, SSTable size, which engine served how many Deflate calls - with a judgement per measurement
 * (Verdict) and a one-line verdict. The rounds are RotatedRuns' repetitions of the configurations
 * libdeflate and stock, each run on a FreshNode (SideBySideRun). Builds nothing; the nodes and
 * their data are removed after each run and on exit, Ctrl-C included, unless --keep is given.
 */
public final class SideBySide {

    private SideBySide() {
    }

    public static void main(String[] args) {
        NodeProgram.main(args, "side-by-side", SideBySideOptions::parse, SideBySideOptions.USAGE, o -> o.keep,
                SideBySide::run);
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
        Progress.say("node dirs:     %s%s", nodesDir, options.keep ? " (kept)" : " (each removed after its run)");

        readOnce(distribution.lib());
        if (options.jfrDir != null) {
            Progress.say("JFR:           %s/<node>.jfr (profiling: do not compare these runs' figures)", options.jfrDir);
        }
        // Two configurations rotated per repetition run A-B, B-A, A-B: the rounds alternate which side
        // runs first, so that an advantage of going first or second - cold page cache, a neighbour's
        // build finishing - shows up as disagreement.
        SteadyConfig agent = SteadyConfig.parse("libdeflate").get(0);
        SteadyConfig stock = SteadyConfig.parse("stock").get(0);
        List<SteadyConfig> order = options.stockFirst ? List.of(stock, agent) : List.of(agent, stock);
        RotatedRuns rotation = new RotatedRuns(order, options.rounds, null, "side-by-side");
        MachineLoad startLoad = MachineLoad.snapshot();
        RotatedRuns.Runs<SideBySideResult> runs = rotation.runAll(new SideBySideRun(options, nodesDir)::run,
                SideBySideResult::line);
        List<Boolean> agentFirst = IntStream.rangeClosed(1, options.rounds)
                .mapToObj(round -> rotation.order(round).get(0) == agent).collect(Collectors.toList());

        System.out.println();
        System.out.print(new SideBySideReport(runs.results.get(agent), runs.results.get(stock), agentFirst).render(options));
        // The nodes are this program's children: "other processes" is everything but this comparison.
        MachineLoad endLoad = MachineLoad.snapshot();
        System.out.println("CPU used by other processes during the runs: " + endLoad.describeSince(startLoad));
        if (endLoad.disturbedSince(startLoad)) {
            System.out.printf(Locale.ROOT, "WARNING: the machine was busy (more than %d%% of the CPU went to other"
                    + " processes or steal): the verdict backs nothing; re-run on a quiet machine.%n",
                    Math.round(MachineLoad.DISTURBED * 100));
        }
        if (!runs.clean) {
            System.out.println("\nSOMETHING WENT WRONG: failed requests, wrong reads or a failed read-back above.");
        }
        return runs.clean;
    }
}
