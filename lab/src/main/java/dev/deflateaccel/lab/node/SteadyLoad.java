package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.ProcessReaper;
import dev.deflateaccel.lab.MachineDescription;

/**
 * The reference benchmark (lab/run-steady-load.sh, issue 12 items 1-3): a steady 80/20 read/write
 * load at a fixed rate on a time-series table, per configuration, on one fresh node per run; the
 * configurations take turns within each repetition and their order rotates between repetitions,
 * so that a drift of the machine, or the advantage of running first, hits all of them alike. Reports node CPU per operation, latency percentiles, compaction throughput, flushes and
 * L0 sizes as markdown and PNG.
 */
public final class SteadyLoad {

    private SteadyLoad() {
    }

    public static void main(String[] args) {
        SteadyLoadOptions options;
        try {
            options = SteadyLoadOptions.parse(args);
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println(e.getMessage());
            }
            System.err.println(SteadyLoadOptions.USAGE);
            System.exit(2);
            return;
        }
        System.setProperty("java.awt.headless", "true");
        Path nodesDir = NodeLayout.nodesDir();
        ProcessReaper.removeNodesOnExit(nodesDir, "steady-load");
        try {
            if (options.export != null) {
                UncompressedSSTableExport.export(options, nodesDir);
                System.exit(0);
            }
            System.exit(run(options, nodesDir) ? 0 : 1);
        } catch (RuntimeException | AssertionError e) {
            System.err.println("steady load failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static boolean run(SteadyLoadOptions options, Path nodesDir) {
        long start = System.nanoTime();
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        List<String> header = new ArrayList<>();
        header.add("command: " + options.commandLine);
        header.add("date: " + stamp + " UTC");
        header.addAll(MachineDescription.machineLines());
        header.add(String.format(Locale.ROOT, "%,d preloaded points, %.0f%% reads at %,.0f requests/s for %d s"
                        + " (after %d s unmeasured), %d KiB chunks, %d repetitions, configuration order rotated per"
                        + " repetition, fresh node per run", options.rows, options.readShare * 100, options.rate,
                options.measured.toSeconds(), options.warmUp.toSeconds(), options.chunkKb, options.repetitions));
        String shared = MachineDescription.sharedCoresNote();
        if (!shared.isEmpty()) {
            header.add(shared);
        }
        header.forEach(line -> Progress.say("%s", line));

        Map<SteadyConfig, List<SteadyResult>> results = new LinkedHashMap<>();
        options.configs.forEach(c -> results.put(c, new ArrayList<>()));
        SteadyRun runner = new SteadyRun(options, nodesDir);
        int total = options.configs.size() * options.repetitions;
        int done = 0;
        boolean clean = true;
        for (int rep = 1; rep <= options.repetitions; rep++) {
            // Rotate the order each repetition, so no configuration always runs first (cold caches) or last.
            List<SteadyConfig> order = new ArrayList<>(options.configs);
            java.util.Collections.rotate(order, -(rep - 1));
            for (SteadyConfig config : order) {
                done++;
                Progress.say("== run %d of %d: %s, repetition %d (elapsed %ds) ==", done, total, config.label, rep,
                        (System.nanoTime() - start) / 1_000_000_000L);
                SteadyResult r = runner.run(config, rep);
                results.get(config).add(r);
                clean &= r.clean();
                Progress.say("  -> %.0f us CPU/op, read p50/p99 %.2f/%.1f ms, achieved %.0f/s (%,d late), window: %s",
                        r.cpuMicrosPerOp, r.readP50, r.readP99, r.achievedPerSecond, r.lateSends, r.window);
            }
        }
        header.add(String.format(Locale.ROOT, "wall time %.0f s", (System.nanoTime() - start) / 1e9));
        SteadyReport report = new SteadyReport(results);
        String markdown = report.markdown(header);
        try {
            Files.createDirectories(options.resultsDir);
            Path md = options.resultsDir.resolve(stamp + "-steady.md");
            Path png = options.resultsDir.resolve(stamp + "-steady.png");
            Files.write(md, (markdown + "\nFigure: `" + png.getFileName() + "`\n").getBytes(StandardCharsets.UTF_8));
            BarChartGrid.write(header, report.panels(), png);
            System.out.println();
            System.out.print(markdown);
            Progress.say("%nwritten: %s%n         %s", md.toAbsolutePath(), png.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!clean) {
            System.out.println("SOMETHING WENT WRONG: failed requests, wrong reads or an engine that did not serve (above).");
        }
        return clean;
    }
}
