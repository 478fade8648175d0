package dev.deflateaccel.lab.efficiency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.NativeReference;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.ChildJvm;
import dev.deflateaccel.lab.tools.ChildSession;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.ReportFiles;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.lab.tools.Spread;

/**
 * Issue 12 item 4: the agent's efficiency against the same library called from C, in one run.
 * One process tree: this runner, native_ref --serve (both engines) and one agent JVM per engine,
 * all kept warm and measuring only on command, one at a time. Per repetition, per engine and
 * direction, both sides measure back to back, C first in odd repetitions and the agent first in
 * even ones; the ratio agent/C is taken per repetition, and its median and min-max over the
 * repetitions are the result. Writes lab/results/&lt;stamp&gt;-efficiency.md.
 *
 * Exit status: 0 when everything ran and was checked, 1 when a side failed or an engine check
 * did, 2 on bad arguments or a missing agent jar.
 */
public final class EfficiencyRunner {
    static final List<String> DIRECTIONS = List.of("compress", "decompress");
    private static final int ANSWER_TIMEOUT_SECONDS = 900;

    private final EfficiencyOptions options;
    private final EfficiencyResults results = new EfficiencyResults();
    private ChildSession cSide;
    private final Map<String, ChildSession> agentSides = new LinkedHashMap<>();

    private EfficiencyRunner(EfficiencyOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("--help")) {
            System.out.println(EfficiencyOptions.USAGE);
            return;
        }
        EfficiencyOptions options;
        try {
            options = EfficiencyOptions.parse(args);
        } catch (IllegalArgumentException e) {
            ReportFiles.exitOnUsageProblem("efficiency", e.getMessage());
            return;
        }
        ReportFiles.exitOnUsageProblem("efficiency", ChildJvm.agentJarProblem(options.agentJar));
        ReportHeader header = new ReportHeader(EfficiencyRunner.class, args);
        header.put("Agent jar", ChildJvm.describeJar(options.agentJar));
        header.put("Measured", options.describe());
        header.printStart("efficiency");
        Path workDir = Files.createDirectories(RepoLayout.workDir().resolve(header.stamp() + "-efficiency"));
        EfficiencyRunner runner = new EfficiencyRunner(options);
        try {
            runner.run(workDir);
        } catch (IOException | RuntimeException e) {
            runner.results.failure = e.getMessage();
            System.out.println("[efficiency] FAILED: " + e.getMessage());
        } finally {
            runner.closeAll();
        }
        ReportFiles report = new ReportFiles(options.resultsDir, header.stamp(), "efficiency");
        String markdown = new EfficiencyReport(header, options, runner.results).render();
        report.publish(markdown, false);
        System.exit(runner.results.failed() ? 1 : 0);
    }

    private void run(Path workDir) throws IOException, InterruptedException {
        Path dataFile = ChunkFile.write(options.dataset, options.corpusDir, options.chunkBytes(), workDir);
        for (String engine : options.engines) {
            String config = AgentConfigFile.onlyEngine(engine, options.libdeflateLevel, options.igzipLevel, 0);
            results.agentConfigs.put(engine, config);
            ChildSession agent = ChildSession.start("agent-" + engine, ChildJvm.command(options.agentJar, config,
                    workDir, "agent-" + engine, EfficiencyChild.class,
                    List.of(dataFile.toString(), Integer.toString(options.chunkBytes()), engine)), true);
            agentSides.put(engine, agent);
            ProtocolLine ready = agent.await("ready", ANSWER_TIMEOUT_SECONDS);
            results.agentCapacity = Integer.parseInt(ready.get("capacity"));
            results.agentRatio.put(engine, ready.get("ratio"));
            results.chunks = Integer.parseInt(ready.get("chunks"));
        }
        results.cCapacity = options.cCapacity > 0 ? options.cCapacity : results.agentCapacity;
        NativeReference reference = NativeReference.compile(workDir.resolve("native"));
        cSide = ChildSession.start("C", reference.serveCommand(dataFile, options.chunkBytes(), results.cCapacity,
                options.libdeflateLevel, options.igzipLevel), true);
        ProtocolLine ready = cSide.await("ready", ANSWER_TIMEOUT_SECONDS);
        results.libdeflateVersion = ready.get("libdeflate");
        for (String engine : options.engines) {
            results.cRatio.put(engine, ready.get("ratio_" + engine));
        }
        if (Integer.parseInt(ready.get("chunks")) != results.chunks) {
            throw new IllegalStateException("C cut " + ready.get("chunks") + " chunks, the agent side "
                    + results.chunks + ": they do not measure the same data");
        }

        System.out.println("[efficiency] warm-up: " + options.warmupSeconds + " s per side, engine and direction");
        int warmupRounds = (int) Math.ceil(options.warmupSeconds / options.seconds);
        for (String engine : options.engines) {
            for (String direction : DIRECTIONS) {
                if (warmupRounds > 0) {
                    measure(Side.C, engine, direction, warmupRounds);
                    measure(Side.AGENT, engine, direction, warmupRounds);
                }
            }
        }
        for (int rep = 1; rep <= options.reps; rep++) {
            MachineLoad before = MachineLoad.snapshot();
            for (String engine : options.engines) {
                for (String direction : DIRECTIONS) {
                    Map<Side, Spread> measured = new LinkedHashMap<>();
                    for (Side side : InterleavedSchedule.order(rep)) {
                        measured.put(side, measure(side, engine, direction, options.rounds));
                    }
                    RepetitionSample sample = new RepetitionSample(rep, measured.get(Side.C), measured.get(Side.AGENT));
                    results.add(engine, direction, sample);
                    System.out.printf(java.util.Locale.ROOT, "[efficiency] rep %d (%s) %s %s: C %.1f, agent %.1f MB/s, "
                                    + "agent/C %.3f%n", rep, InterleavedSchedule.describe(rep), engine, direction,
                            sample.c.median, sample.agent.median, sample.ratio());
                }
            }
            results.repetitionLoad.add(MachineLoad.snapshot().describeSince(before));
        }
        for (Map.Entry<String, ChildSession> e : agentSides.entrySet()) {
            e.getValue().send("quit");
            ProtocolLine check = e.getValue().await("check", ANSWER_TIMEOUT_SECONDS);
            results.engineChecks.put(e.getKey(), (Boolean.parseBoolean(check.get("ok")) ? "OK " : "FAILED ")
                    + check.get("summary"));
            e.getValue().awaitExit(60);
        }
        cSide.send("quit");
        cSide.awaitExit(60);
    }

    private Spread measure(Side side, String engine, String direction, int rounds)
            throws IOException, InterruptedException {
        ChildSession session = side == Side.C ? cSide : agentSides.get(engine);
        session.send(side == Side.C
                ? "measure " + engine + " " + direction + " " + rounds + " " + options.seconds
                : "measure " + direction + " " + rounds + " " + options.seconds);
        return Spread.of(session.await("result", ANSWER_TIMEOUT_SECONDS).getDoubles("mbps"));
    }

    private void closeAll() {
        List<ChildSession> all = new ArrayList<>(agentSides.values());
        if (cSide != null) {
            all.add(cSide);
        }
        for (ChildSession s : all) {
            s.close();
        }
    }
}
