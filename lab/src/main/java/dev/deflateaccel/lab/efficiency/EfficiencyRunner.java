package dev.deflateaccel.lab.efficiency;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.NativeReference;
import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.experiment.ExperimentRunner;
import dev.deflateaccel.lab.experiment.Ordering;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.Spread;

/**
 * Issue 12 item 4: the agent's efficiency against the same library called from C, in one run.
 * An alternated experiment: native_ref --serve (both engines) and one agent JVM per engine
 * ({@link EfficiencyChild}) all stay warm and measure only on command, one at a time. Per
 * repetition, per engine and direction, both sides measure back to back, C first in odd
 * repetitions and the agent first in even ones; agent/C is taken per repetition, and its median
 * and min-max over the repetitions are the result. Writes lab/results/&lt;stamp&gt;-efficiency.md.
 *
 * Exit status: 0 when everything ran and was checked, 1 when a side failed or an engine check
 * did, 2 on bad arguments or a missing agent jar.
 */
public final class EfficiencyRunner {
    static final List<String> DIRECTIONS = List.of("compress", "decompress");
    /** The two sides, C first: in odd repetitions it measures first. */
    static final List<String> SIDES = List.of("C", "agent");

    private final EfficiencyOptions options;
    private final ExperimentRunner runner;
    private final EfficiencyResults results = new EfficiencyResults();

    private EfficiencyRunner(EfficiencyOptions options, ExperimentRunner runner) {
        this.options = options;
        this.runner = runner;
    }

    public static void main(String[] args) throws Exception {
        EfficiencyOptions options = ExperimentRunner.options("efficiency", args, EfficiencyOptions.USAGE,
                EfficiencyOptions::parse);
        if (options == null) {
            return;
        }
        ExperimentRunner runner = ExperimentRunner.open("efficiency", EfficiencyRunner.class, args, options.agentJar,
                options.resultsDir, EfficiencyChild.class, "Agent jar", ChildJvm.describeJar(options.agentJar),
                "Measured", options.describe());
        EfficiencyRunner efficiency = new EfficiencyRunner(options, runner);
        try {
            efficiency.run();
        } catch (IOException | RuntimeException e) {
            efficiency.results.failure = e.getMessage();
            System.out.println("[efficiency] FAILED: " + e.getMessage());
        } finally {
            efficiency.results.agentSides.values().forEach(Run::close);
            if (efficiency.results.cSide != null) {
                efficiency.results.cSide.close();
            }
        }
        runner.publish(new EfficiencyReport(runner.header, options, efficiency.results).render(), false,
                efficiency.results.failed());
    }

    private void run() throws IOException, InterruptedException {
        Path dataFile = ChunkFile.write(options.dataset, options.corpusDir, options.chunkBytes(), runner.workDir);
        int agentCapacity = 0;
        for (String engine : options.engines) {
            Run agent = new Run(new Configuration(engine, "agent-" + engine, engine,
                    AgentConfigFile.onlyEngine(engine, options.libdeflateLevel, options.igzipLevel, 0)));
            results.agentSides.put(engine, agent);
            runner.start(agent, ProtocolLine.of("task").with("data", dataFile).with("chunkBytes", options.chunkBytes()));
            agentCapacity = agent.ready.getInt("capacity");
        }
        int cCapacity = options.cCapacity > 0 ? options.cCapacity : agentCapacity;
        NativeReference reference = NativeReference.compile(runner.workDir.resolve("native"));
        results.cSide = new Run(new Configuration(Configuration.STOCK, "C", "C reference", null));
        runner.start(results.cSide, reference.serveCommand(dataFile, options.chunkBytes(), cCapacity,
                options.libdeflateLevel, options.igzipLevel));
        String agentChunks = EfficiencyResults.ready(results.agentSides.get(options.engines.get(0)), "chunks");
        if (!results.cSide.ready.get("chunks").equals(agentChunks)) {
            throw new IllegalStateException("C cut " + results.cSide.ready.get("chunks") + " chunks, the agent side "
                    + agentChunks + ": they do not measure the same data");
        }

        System.out.println("[efficiency] warm-up: " + options.warmupSeconds + " s per side, engine and direction");
        int warmupRounds = (int) Math.ceil(options.warmupSeconds / options.seconds);
        for (String engine : options.engines) {
            for (String direction : DIRECTIONS) {
                for (String side : warmupRounds > 0 ? SIDES : List.<String>of()) {
                    measure(side, engine, direction, warmupRounds);
                }
            }
        }
        for (int rep = 1; rep <= options.reps; rep++) {
            MachineLoad before = MachineLoad.snapshot();
            for (String engine : options.engines) {
                for (String direction : DIRECTIONS) {
                    List<Spread> measured = new ArrayList<>(List.of(Spread.of(0), Spread.of(0)));
                    for (String side : Ordering.ALTERNATED.order(SIDES, rep)) {
                        measured.set(SIDES.indexOf(side), measure(side, engine, direction, options.rounds));
                    }
                    RepetitionSample sample = new RepetitionSample(rep, measured.get(0), measured.get(1));
                    results.add(engine, direction, sample);
                    System.out.printf(Locale.ROOT, "[efficiency] rep %d (%s) %s %s: C %.1f, agent %.1f MB/s, "
                                    + "agent/C %.3f%n", rep, Ordering.ALTERNATED.describe(SIDES, rep), engine,
                            direction, sample.c.median, sample.agent.median, sample.ratio());
                }
            }
            results.repetitionLoad.add(MachineLoad.snapshot().describeSince(before));
        }
        for (Run agent : results.agentSides.values()) {
            runner.finish(agent);
        }
        runner.finish(results.cSide);
    }

    private Spread measure(String side, String engine, String direction, int rounds)
            throws IOException, InterruptedException {
        Run run = side.equals("C") ? results.cSide : results.agentSides.get(engine);
        return Spread.of(runner.measure(run, ProtocolLine.of("measure").with("engine", engine).with("op", direction)
                .with("rounds", rounds).with("seconds", options.seconds)).getDoubles("mbps"));
    }
}
