package dev.deflateaccel.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.tools.Numbers;

/**
 * The C reference's numbers for every scenario of the run, or the reason there are none (no gcc,
 * no -dev packages). A missing reference does not stop the Java benchmarks; the table says why.
 */
public final class NativeResults {
    private final Map<Scenario, Map<String, NativeReference.Result>> results = new HashMap<>();
    private String libdeflateVersion = "?";
    private String problem;
    private String load = "unknown";
    private boolean disturbed;

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
                // The C program reads exactly the bytes the Java side chunks.
                Path dataFile = workDir.resolve("native").resolve(dataset + ".bin");
                Files.write(dataFile, Datasets.load(dataset, options.corpusDir));
                for (int chunkKiB : options.chunkKiBs) {
                    Scenario scenario = new Scenario(dataset, chunkKiB);
                    System.out.println("[bench] C reference: " + scenario + " ...");
                    Map<String, NativeReference.Result> byEngine = reference.run(dataFile, scenario.chunkBytes(),
                            options.nativeRepetitions, options.nativeSecondsPerRepetition);
                    for (NativeReference.Result r : byEngine.values()) {
                        System.out.println("[bench]   " + r.engine + " L" + r.level + ": compress "
                                + Numbers.mbps(r.compress.median) + " MB/s, decompress "
                                + Numbers.mbps(r.decompress.median) + " MB/s, ratio "
                                + String.format(java.util.Locale.ROOT, "%.3f", r.ratio));
                    }
                    all.results.put(scenario, byEngine);
                }
                Files.deleteIfExists(dataFile);
            }
            all.libdeflateVersion = reference.libdeflateVersion();
        } catch (IOException | RuntimeException e) {
            all.problem = e.getMessage();
            System.out.println("[bench] C reference unavailable: " + e.getMessage());
        }
        MachineLoad after = MachineLoad.snapshot();
        all.load = after.describeSince(before);
        all.disturbed = after.disturbedSince(before);
        return all;
    }

    public NativeReference.Result get(Scenario scenario, String engine) {
        Map<String, NativeReference.Result> byEngine = results.get(scenario);
        return byEngine == null ? null : byEngine.get(engine);
    }

    public Collection<NativeReference.Result> of(Scenario scenario) {
        Map<String, NativeReference.Result> byEngine = results.get(scenario);
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
