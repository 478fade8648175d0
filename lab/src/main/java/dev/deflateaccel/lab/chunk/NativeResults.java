package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.NativeReference;
import dev.deflateaccel.lab.tools.ChildSession;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.Spread;

/**
 * The C reference's numbers for every scenario of the run, or the reason there are none (no gcc,
 * no -dev packages). A missing reference does not stop the Java benchmarks; the table says why.
 * The chunks are the Java side's, written by {@link ChunkFile}.
 */
public final class NativeResults {
    public static final List<String> ENGINES = List.of("libdeflate", "igzip");
    /** ISA-L's ISAL_DEF_MAX_HDR_SIZE (igzip_lib.h). */
    private static final int ISAL_MAX_HEADER = 328;
    private static final int TIMEOUT_SECONDS = 600;

    /** By scenario, then engine. */
    private final Map<String, Map<String, ScenarioResult>> results = new HashMap<>();
    public String libdeflateVersion = "?";
    public String problem;
    public String load = "unknown";
    public boolean disturbed;

    public static NativeResults skipped(String why) {
        NativeResults r = new NativeResults();
        r.problem = why;
        return r;
    }

    public static NativeResults measure(RunnerOptions options, Path workDir) throws InterruptedException {
        NativeResults all = new NativeResults();
        MachineLoad before = MachineLoad.snapshot();
        try {
            NativeReference reference = NativeReference.compile(workDir.resolve("native"));
            for (String dataset : options.datasets) {
                for (int chunkKiB : options.chunkKiBs) {
                    System.out.println("[bench] C reference: " + ScenarioResult.scenario(dataset, chunkKiB) + " ...");
                    all.results.put(ScenarioResult.scenario(dataset, chunkKiB),
                            all.measure(reference, dataset, chunkKiB * 1024, options, workDir.resolve("native")));
                }
            }
        } catch (IOException | RuntimeException e) {
            all.problem = e.getMessage();
            System.out.println("[bench] C reference unavailable: " + e.getMessage());
        }
        MachineLoad after = MachineLoad.snapshot();
        all.load = after.describeSince(before);
        all.disturbed = after.disturbedSince(before);
        return all;
    }

    /**
     * Both engines on one scenario, through native_ref --serve (the lab's one child protocol): per
     * engine and direction one discarded round, then the repetitions, each a timed round; the
     * output room is what native_ref gives a call on its own (chunk + 1/8 + igzip's largest
     * header + 1 KiB), as it was when it ran this whole sequence by itself.
     */
    private Map<String, ScenarioResult> measure(NativeReference reference, String dataset, int chunkBytes,
                                                RunnerOptions options, Path dir) throws IOException, InterruptedException {
        Path data = ChunkFile.write(dataset, options.corpusDir, chunkBytes, dir);
        Map<String, ScenarioResult> byEngine = new LinkedHashMap<>();
        try (ChildSession c = ChildSession.start("C", reference.serveCommand(data, chunkBytes,
                chunkBytes + chunkBytes / 8 + ISAL_MAX_HEADER + 1024, AgentConfigFile.LIBDEFLATE_LEVEL,
                AgentConfigFile.IGZIP_LEVEL), true)) {
            ProtocolLine ready = c.await("ready", TIMEOUT_SECONDS);
            libdeflateVersion = ready.get("libdeflate");
            for (String engine : ENGINES) {
                ScenarioResult r = new ScenarioResult();
                r.ratio = ready.getDouble("ratio_" + engine);
                measure(c, engine, "compress", 1, options);
                r.compress = Throughput.ofRepetitions(measure(c, engine, "compress", options.nativeRepetitions, options));
                measure(c, engine, "decompress", 1, options);
                r.decompress = Throughput.ofRepetitions(measure(c, engine, "decompress", options.nativeRepetitions, options));
                System.out.println("[bench]   " + engine + " L" + level(engine) + ": compress " + Numbers.mbps(r.compress.median)
                        + " MB/s, decompress " + Numbers.mbps(r.decompress.median) + " MB/s, ratio " + Numbers.ratio(r.ratio));
                byEngine.put(engine, r);
            }
            c.send("quit");
            c.await("check", TIMEOUT_SECONDS);
            c.awaitExit(60);
        } finally {
            Files.deleteIfExists(data);
        }
        return byEngine;
    }

    private static Spread measure(ChildSession c, String engine, String op, int rounds, RunnerOptions options)
            throws IOException, InterruptedException {
        c.send(ProtocolLine.of("measure").with("engine", engine).with("op", op).with("rounds", rounds)
                .with("seconds", options.nativeSecondsPerRepetition).toString());
        return Spread.of(c.await("result", TIMEOUT_SECONDS).getDoubles("mbps"));
    }

    public static int level(String engine) {
        return engine.equals("igzip") ? AgentConfigFile.IGZIP_LEVEL : AgentConfigFile.LIBDEFLATE_LEVEL;
    }

    /** One engine's numbers on one scenario, or null. */
    public ScenarioResult get(String scenario, String engine) {
        return results.getOrDefault(scenario, Map.of()).get(engine);
    }
}
