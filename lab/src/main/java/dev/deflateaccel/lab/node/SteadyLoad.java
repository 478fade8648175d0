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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.ProcessReaper;
import dev.deflateaccel.lab.MachineDescription;
import dev.deflateaccel.lab.MachineLoad;

/**
 * The reference benchmark (lab/run-steady-load.sh, issue 12 items 1-3): a steady 80/20 read/write
 * load at a fixed rate on a time-series table, per configuration, on one fresh node per run (or,
 * with --ingest, the write-heavy ingest of IngestRun). The configurations take turns within each
 * repetition and their order rotates between repetitions, so that a drift of the machine, or the
 * advantage of running first, hits all of them alike. Reports node CPU per operation, latency
 * percentiles, compaction throughput, flushes and L0 sizes (or the ingest's figures) as markdown
 * and PNG.
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
        header.add(options.saturation
                ? String.format(Locale.ROOT, "%,d preloaded points, then %.0f%% reads closed loop, %d s unmeasured,"
                        + " then %d s at each of %s in flight; held: read p99 under %.0f ms; %d KiB chunks, %d"
                        + " repetitions, configuration order rotated per repetition, fresh node per run", options.rows,
                        options.readShare * 100, options.warmUp.toSeconds(), options.measured.toSeconds(),
                        options.steps, options.p99BoundMillis, options.chunkKb, options.repetitions)
                : options.compactionReads
                ? String.format(Locale.ROOT, "a table of %,d points imported twice; %d s of unmeasured reads, then"
                        + " per table %d s of point reads at %,.0f/s without compaction and the same reads throughout"
                        + " a major compaction (first unthrottled, then 64 MiB/s); chunk cache off; %d KiB chunks,"
                        + " %d repetitions, configuration order rotated per repetition, fresh node per run",
                        options.rows, options.warmUp.toSeconds(), options.measured.toSeconds(), options.rate,
                        options.chunkKb, options.repetitions)
                : options.ingest
                ? String.format(Locale.ROOT, "%,d points ingested (closed loop), then %d s of 90/10 writes/reads at"
                        + " %,.0f/s, then settled; %s; %d KiB chunks, %d repetitions, configuration order"
                        + " rotated per repetition, fresh node per run", options.rows, options.mixed.toSeconds(),
                        options.mixedRate,
                        options.stcs ? "SizeTieredCompactionStrategy" : "LeveledCompactionStrategy, 8 MiB SSTables",
                        options.chunkKb, options.repetitions)
                : String.format(Locale.ROOT, "%,d preloaded points, %.0f%% reads at %,.0f requests/s for %d s"
                        + " (after %d s unmeasured), %d KiB chunks, %d repetitions, configuration order rotated per"
                        + " repetition, fresh node per run", options.rows, options.readShare * 100, options.rate,
                        options.measured.toSeconds(), options.warmUp.toSeconds(), options.chunkKb, options.repetitions));
        String shared = MachineDescription.sharedCoresNote();
        if (!shared.isEmpty()) {
            header.add(shared);
        }
        header.forEach(line -> Progress.say("%s", line));

        if (options.saturation) {
            SaturationRun runner = new SaturationRun(options, nodesDir);
            return runAll(options, header, stamp, start, SaturationReport.definition(options.steps,
                    options.p99BoundMillis), "saturation", runner::run, SaturationResult::clean,
                    r -> String.format(Locale.ROOT, "held %,.0f ops/s at %.0f us CPU/op (read p99 %.1f ms)",
                            r.heldOpsPerSecond(), r.heldCpuMicrosPerOp(), r.heldReadP99()));
        }
        if (options.compactionReads) {
            CompactionReadsRun runner = new CompactionReadsRun(options, nodesDir, options.sstableCache);
            return runAll(options, header, stamp, start, CompactionReadsReport.DEFINITION, "compaction-reads",
                    runner::run, CompactionReadsResult::clean, r -> String.format(Locale.ROOT, "read p99 during"
                            + " compaction %.1f ms unthrottled, %.1f ms at 64 MiB/s; compactions %.1f s and %.1f s",
                            r.unthrottled.during.p99, r.throttled.during.p99, r.unthrottled.compactionSeconds,
                            r.throttled.compactionSeconds));
        }
        if (options.ingest) {
            IngestRun runner = new IngestRun(options, nodesDir);
            return runAll(options, header, stamp, start, IngestReport.DEFINITION, "ingest", runner::run,
                    IngestResult::clean, r -> String.format(Locale.ROOT, "%.0f us/row, settled %.1f s after the last"
                            + " write, compaction CPU %.1f ms per raw MB", r.cpuMicrosPerRow, r.settleSeconds,
                            r.compactionCpuMillisPerRawMb()));
        }
        SteadyRun runner = new SteadyRun(options, nodesDir);
        return runAll(options, header, stamp, start, SteadyReport.DEFINITION, "steady", runner::run,
                SteadyResult::clean, r -> String.format(Locale.ROOT, "%.0f us CPU/op, read p50/p99 %.2f/%.1f ms,"
                        + " achieved %.0f/s (%,d late), window: %s", r.cpuMicrosPerOp, r.readP50, r.readP99,
                        r.achievedPerSecond, r.lateSends, r.window));
    }

    /**
     * Every configuration once per repetition, on a fresh node each, the order rotated per
     * repetition; then the report (markdown and PNG) in the results folder.
     */
    private static <R> boolean runAll(SteadyLoadOptions options, List<String> header, String stamp, long start,
                                      RunReport.Definition<R> definition, String kind,
                                      BiFunction<SteadyConfig, Integer, R> run, Predicate<R> clean,
                                      Function<R, String> summary) {
        Map<SteadyConfig, List<R>> results = new LinkedHashMap<>();
        options.configs.forEach(c -> results.put(c, new ArrayList<>()));
        int total = options.configs.size() * options.repetitions;
        int done = 0;
        boolean allClean = true;
        // The nodes are this program's children, so what MachineLoad calls other processes is
        // everything but the benchmark: a build or test run beside it.
        List<String> loads = new ArrayList<>();
        boolean disturbed = false;
        for (int rep = 1; rep <= options.repetitions; rep++) {
            // Rotate the order each repetition, so no configuration always runs first (cold caches) or last.
            List<SteadyConfig> order = new ArrayList<>(options.configs);
            Collections.rotate(order, -(rep - 1));
            for (SteadyConfig config : order) {
                done++;
                Progress.say("== run %d of %d: %s, repetition %d (elapsed %ds) ==", done, total, config.label, rep,
                        (System.nanoTime() - start) / 1_000_000_000L);
                MachineLoad before = MachineLoad.snapshot();
                R r = run.apply(config, rep);
                MachineLoad after = MachineLoad.snapshot();
                loads.add(config.name + " " + after.describeSince(before));
                disturbed |= after.disturbedSince(before);
                results.get(config).add(r);
                allClean &= clean.test(r);
                Progress.say("  -> %s", summary.apply(r));
            }
        }
        header.add(String.format(Locale.ROOT, "wall time %.0f s", (System.nanoTime() - start) / 1e9));
        header.add("CPU used by other processes, per run in run order: " + String.join("; ", loads));
        if (disturbed) {
            header.add(String.format(Locale.ROOT, "**WARNING: the machine was busy** (more than %d%% of the CPU went"
                    + " to other processes or steal in at least one run): these numbers back nothing; re-run on a"
                    + " quiet machine.", Math.round(MachineLoad.DISTURBED * 100)));
        }
        RunReport<R> report = new RunReport<>(definition, results);
        String markdown = report.markdown(header);
        try {
            Files.createDirectories(options.resultsDir);
            Path md = options.resultsDir.resolve(stamp + "-" + kind + ".md");
            Path png = options.resultsDir.resolve(stamp + "-" + kind + ".png");
            Files.write(md, (markdown + "\nFigure: `" + png.getFileName() + "`\n").getBytes(StandardCharsets.UTF_8));
            BarChartGrid.write(header, report.panels(), png);
            System.out.println();
            System.out.print(markdown);
            Progress.say("%nwritten: %s%n         %s", md.toAbsolutePath(), png.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!allClean) {
            System.out.println("SOMETHING WENT WRONG: failed requests, wrong reads or an engine that did not serve (above).");
        }
        return allClean;
    }
}
