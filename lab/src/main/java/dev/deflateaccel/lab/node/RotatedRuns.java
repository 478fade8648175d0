package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

import dev.deflateaccel.lab.MachineDescription;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.tools.ChartWriter;
import dev.deflateaccel.lab.tools.ReportDataFile;

/**
 * The loop every node program runs (steady load, ingest, end to end, side by side): every
 * configuration once per repetition, on a fresh node each, the order rotated per repetition so
 * that a drift of the machine, or the advantage of running first, hits all of them alike; then
 * the report (RunReport: markdown and PNG) in the results folder, as {@code <stamp>-<kind>.md|.png}
 * (the side-by-side prints its own).
 */
final class RotatedRuns {

    private final List<SteadyConfig> configs;
    private final int repetitions;
    private final Path resultsDir;
    private final String kind;
    private final long start = System.nanoTime();
    private final String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));

    RotatedRuns(List<SteadyConfig> configs, int repetitions, Path resultsDir, String kind) {
        this.configs = configs;
        this.repetitions = repetitions;
        this.resultsDir = resultsDir;
        this.kind = kind;
    }

    /** The report's first lines (command, date, machine, what the program runs), printed as well. */
    List<String> header(String commandLine, String... whatRuns) {
        List<String> header = new ArrayList<>();
        header.add("command: " + commandLine);
        header.add("date: " + stamp + " UTC");
        header.addAll(MachineDescription.machineLines());
        header.addAll(Arrays.asList(whatRuns));
        String shared = MachineDescription.sharedCoresNote();
        if (!shared.isEmpty()) {
            header.add(shared);
        }
        header.forEach(line -> Progress.say("%s", line));
        return header;
    }

    /** What the rotation produced: each configuration's results in run order, and the machine's load per run. */
    static final class Runs<R extends RunResult> {
        final Map<SteadyConfig, List<R>> results = new LinkedHashMap<>();
        /** "<config> <other processes' CPU>" per run, in run order. */
        final List<String> loads = new ArrayList<>();
        boolean disturbed;
        boolean clean = true;
    }

    /** Runs every configuration once per repetition, in rotated order, printing each run's {@code line}. */
    <R extends RunResult> Runs<R> runAll(BiFunction<SteadyConfig, Integer, R> run, Function<R, String> line) {
        Runs<R> runs = new Runs<>();
        configs.forEach(c -> runs.results.put(c, new ArrayList<>()));
        int total = configs.size() * repetitions;
        int done = 0;
        // The nodes are this program's children, so what MachineLoad calls other processes is
        // everything but the benchmark: a build or test run beside it.
        for (int rep = 1; rep <= repetitions; rep++) {
            // Rotate the order each repetition, so no configuration always runs first (cold caches) or
            // last; with two configurations that is A-B, B-A, A-B: the side-by-side's rounds.
            for (SteadyConfig config : order(rep)) {
                done++;
                Progress.say("== run %d of %d: %s, repetition %d (elapsed %ds) ==", done, total, config.label, rep,
                        (System.nanoTime() - start) / 1_000_000_000L);
                MachineLoad before = MachineLoad.snapshot();
                R r = run.apply(config, rep);
                MachineLoad after = MachineLoad.snapshot();
                runs.loads.add(config.name + " " + after.describeSince(before));
                runs.disturbed |= after.disturbedSince(before);
                runs.results.get(config).add(r);
                runs.clean &= r.clean();
                Progress.say("  -> %s", line.apply(r));
            }
        }
        return runs;
    }

    /** The configurations in the order they run in repetition {@code rep} (from 1). */
    List<SteadyConfig> order(int rep) {
        List<SteadyConfig> order = new ArrayList<>(configs);
        Collections.rotate(order, -(rep - 1));
        return order;
    }

    /** Runs everything, writes the report; true when every run was clean. */
    <R extends RunResult> boolean run(List<String> header, RunReport.Definition<R> definition,
                                      BiFunction<SteadyConfig, Integer, R> run) {
        Runs<R> runs = runAll(run, definition.runLine);
        header.add(String.format(Locale.ROOT, "wall time %.0f s", Elapsed.seconds(start)));
        header.add("CPU used by other processes, per run in run order: " + String.join("; ", runs.loads));
        if (runs.disturbed) {
            header.add(String.format(Locale.ROOT, "**WARNING: the machine was busy** (more than %d%% of the CPU went"
                    + " to other processes or steal in at least one run): these numbers back nothing; re-run on a"
                    + " quiet machine.", Math.round(MachineLoad.DISTURBED * 100)));
        }
        write(header, new RunReport<>(definition, runs.results));
        if (!runs.clean) {
            System.out.println("SOMETHING WENT WRONG: failed requests, wrong reads or an engine that did not serve (above).");
        }
        return runs.clean;
    }

    private void write(List<String> header, RunReport<?> report) {
        String markdown = report.markdown(header);
        try {
            Files.createDirectories(resultsDir);
            Path md = resultsDir.resolve(stamp + "-" + kind + ".md");
            Path png = resultsDir.resolve(stamp + "-" + kind + ".png");
            boolean drawn = ChartWriter.write(kind, header, report.charts(), 2, 700, 420, png);
            report.writeFiles(resultsDir.resolve(stamp + "-" + kind));
            // The report and its data beside it (X.json), from the same text.
            ReportDataFile.write(md, markdown + (drawn ? "\nFigure: `" + png.getFileName() + "`\n" : ""));
            System.out.println();
            System.out.print(markdown);
            Progress.say("%nwritten: %s%s", md.toAbsolutePath(), drawn ? "\n         " + png.toAbsolutePath() : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
