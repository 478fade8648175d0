package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
    /** ISA-L's ISAL_DEF_MAX_HDR_SIZE (igzip_lib.h). */
    private static final int ISAL_MAX_HEADER = 328;
    private static final int TIMEOUT_SECONDS = 600;

    private final Map<Scenario, Map<String, Result>> results = new HashMap<>();
    private String libdeflateVersion = "?";
    private String problem;
    private String load = "unknown";
    private boolean disturbed;

    /** Median/min/max throughputs and ratio of one engine on one scenario. */
    public static final class Result {
        public final String engine;
        public final int level;
        public Throughput compress;
        public Throughput decompress;
        public double ratio;

        public Result(String engine, int level) {
            this.engine = engine;
            this.level = level;
        }
    }

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
                    Scenario scenario = new Scenario(dataset, chunkKiB);
                    System.out.println("[bench] C reference: " + scenario + " ...");
                    all.results.put(scenario, all.measure(reference, scenario, options, workDir.resolve("native")));
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
    private Map<String, Result> measure(NativeReference reference, Scenario scenario,
                                                        RunnerOptions options, Path dir)
            throws IOException, InterruptedException {
        int chunkBytes = scenario.chunkBytes();
        Path data = ChunkFile.write(scenario.dataset, options.corpusDir, chunkBytes, dir);
        Map<String, Result> byEngine = new LinkedHashMap<>();
        try (ChildSession c = ChildSession.start("C", reference.serveCommand(data, chunkBytes,
                chunkBytes + chunkBytes / 8 + ISAL_MAX_HEADER + 1024, AgentConfigFile.LIBDEFLATE_LEVEL,
                AgentConfigFile.IGZIP_LEVEL), true)) {
            ProtocolLine ready = c.await("ready", TIMEOUT_SECONDS);
            libdeflateVersion = ready.get("libdeflate");
            for (String engine : List.of("libdeflate", "igzip")) {
                Result r = new Result(engine, engine.equals("igzip")
                        ? AgentConfigFile.IGZIP_LEVEL : AgentConfigFile.LIBDEFLATE_LEVEL);
                r.ratio = ready.getDouble("ratio_" + engine);
                for (String op : List.of("compress", "decompress")) {
                    measure(c, engine, op, 1, options);
                    Spread s = measure(c, engine, op, options.nativeRepetitions, options);
                    Throughput t = new Throughput(s.median, 0, s.median, s.min, s.max);
                    if (op.equals("compress")) {
                        r.compress = t;
                    } else {
                        r.decompress = t;
                    }
                }
                System.out.println("[bench]   " + r.engine + " L" + r.level + ": compress "
                        + Numbers.mbps(r.compress.median) + " MB/s, decompress " + Numbers.mbps(r.decompress.median)
                        + " MB/s, ratio " + String.format(Locale.ROOT, "%.3f", r.ratio));
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

    public Result get(Scenario scenario, String engine) {
        Map<String, Result> byEngine = results.get(scenario);
        return byEngine == null ? null : byEngine.get(engine);
    }

    public Collection<Result> of(Scenario scenario) {
        Map<String, Result> byEngine = results.get(scenario);
        return byEngine == null ? List.of() : new ArrayList<>(byEngine.values());
    }

    public String libdeflateVersion() {
        return libdeflateVersion;
    }

    public String problem() {
        return problem;
    }

    public String load() {
        return load;
    }

    public boolean disturbed() {
        return disturbed;
    }
}
