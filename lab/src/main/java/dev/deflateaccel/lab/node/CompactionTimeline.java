package dev.deflateaccel.lab.node;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import dev.deflateaccel.harness.NodeTimeline;
import dev.deflateaccel.lab.tools.ChartWriter;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportWriter;
import dev.deflateaccel.lab.tools.Spread;

/**
 * The reads-during-compaction report second by second (issue 37): where each window's slowest
 * second falls and what the node and the host did in it; each signal's mean over the window and its
 * rank correlation with the second's read p99; every second of every run as data
 * ({@code <report>-timeline.tsv}) and a plot ({@code <report>-timeline.png}). The resource the reads
 * wait on is a signal that rises in their slow seconds; a signal that does not is ruled out.
 */
final class CompactionTimeline {

    private static final String P99 = "read p99 ms";
    /** Plotted beside the reads' p99, a panel each. */
    private static final List<String> PLOTTED = List.of("compaction read MB/s", "compaction threads CPU s/s",
            "cpu pressure some %", "io pressure some %", "dirty MiB", "vcpu longest stall ms");
    /** What the node and the host did in a window's slowest second. */
    private static final List<String> AT_SLOWEST = List.of("io pressure some %", "io pressure full %", "writeback MiB",
            "cpu pressure some %", "jit threads CPU s/s", "vcpu longest stall ms");
    /**
     * What the node and the host did in the seconds without a host stop (HostStopFreeSeconds): the
     * reads' p99 in those seconds still differed between codecs (report 20261206-052710), so these are
     * the candidates for what else a faster compaction brings to them: CPU, the collector, the JIT, the disk.
     */
    private static final List<String> IN_STOP_FREE = List.of(P99, "cpu pressure some %", "compaction threads CPU s/s",
            "request threads CPU s/s", "other threads CPU s/s", "jit threads CPU s/s", "gc pause ms/s", "allocation MB/s",
            "compaction read MB/s", "node disk read MB/s", "node disk write MB/s", "io pressure some %",
            "io pressure full %");
    /** How the stop-free means' rows are labelled after their compaction; the shape test knows reports without them by it. */
    static final String STOP_FREE_MEANS = ", seconds without a host stop: ";
    /** A window's series, in the data's column order. */
    private static final List<String> SERIES = concat(List.of("read p50 ms", P99), NodeTimeline.SIGNALS);
    private static final Color[] COLORS = {Color.BLACK, new Color(0xD62728), new Color(0x1F77B4), new Color(0x2CA02C)};

    /** One window of one run: its configuration and repetition, and each series, second by second. */
    private static final class Window {
        final String phase;
        final SteadyConfig config;
        final int repetition;
        final Map<String, double[]> series = new LinkedHashMap<>();
        final boolean[] stopFree;

        Window(String phase, SteadyConfig config, int repetition, CompactionReadsResult.Phase p) {
            this.phase = phase;
            this.config = config;
            this.repetition = repetition;
            series.put("read p50 ms", p.readP50PerSecond);
            series.put(P99, p.readP99PerSecond);
            NodeTimeline.SIGNALS.forEach(signal -> series.put(signal,
                    p.timeline.stream().mapToDouble(second -> second.values.get(signal)).toArray()));
            stopFree = HostStopFreeSeconds.of(p.timeline);
        }

        /** The signal's mean over the seconds without a host stop; NaN if the window had none. */
        double stopFreeMean(String signal) {
            double[] values = series.get(signal);
            return mean(IntStream.range(0, Math.min(values.length, stopFree.length)).filter(t -> stopFree[t])
                    .mapToDouble(t -> values[t]).toArray());
        }

        /** The second with the highest read p99; -1 for a window without seconds. */
        int slowest() {
            double[] p99 = series.get(P99);
            int k = p99.length == 0 ? -1 : 0;
            for (int t = 1; t < p99.length; t++) {
                k = p99[t] > p99[k] ? t : k;
            }
            return k;
        }
    }

    /** The windows by compaction (in report order), then configuration, then repetition. */
    private final Map<String, Map<SteadyConfig, List<Window>>> windows = new LinkedHashMap<>();

    CompactionTimeline(Map<SteadyConfig, List<CompactionReadsResult>> results, String secondName) {
        for (String phase : List.of("unthrottled", secondName)) {
            Map<SteadyConfig, List<Window>> byConfig = windows.computeIfAbsent(phase, p -> new LinkedHashMap<>());
            results.forEach((config, runs) -> {
                List<Window> list = byConfig.computeIfAbsent(config, c -> new ArrayList<>());
                runs.forEach(r -> list.add(new Window(phase, config, list.size() + 1,
                        phase.equals("unthrottled") ? r.unthrottled : r.throttled)));
            });
        }
    }

    String section() {
        List<String> columns = new ArrayList<>(List.of("compaction: configuration", "s before the end>", P99 + ">"));
        AT_SLOWEST.forEach(signal -> columns.add(signal + ">"));
        columns.add("dirty MiB the second before>");
        MarkdownTable slowest = new MarkdownTable(columns.toArray(new String[0]));
        windows.forEach((phase, byConfig) -> byConfig.forEach((config, runs) -> {
            List<Object> cells = new ArrayList<>(List.of(phase + ": " + config.name));
            cells.add(spread(runs, w -> w.slowest() < 0 ? Double.NaN : w.series.get(P99).length - 1 - w.slowest(),
                    "%.0f"));
            for (String signal : concat(List.of(P99), AT_SLOWEST)) {
                cells.add(spread(runs, w -> w.slowest() < 0 ? Double.NaN : w.series.get(signal)[w.slowest()], "%.2f"));
            }
            cells.add(spread(runs, w -> w.slowest() < 1 ? Double.NaN : w.series.get("dirty MiB")[w.slowest() - 1],
                    "%.2f"));
            slowest.row(cells.toArray());
        }));
        List<String> signalColumns = new ArrayList<>(List.of("compaction: signal"));
        windows.values().iterator().next().keySet().forEach(c -> signalColumns.addAll(List.of(c.name + " mean>",
                c.name + " r>")));
        MarkdownTable signals = new MarkdownTable(signalColumns.toArray(new String[0]));
        windows.forEach((phase, byConfig) -> {
            for (String signal : SERIES) {
                List<Object> cells = new ArrayList<>(List.of(phase + ": " + signal));
                byConfig.values().forEach(runs -> {
                    cells.add(spread(runs, w -> mean(w.series.get(signal)), "%.2f"));
                    cells.add(signal.equals(P99) ? "" : spread(runs, w -> spearman(w.series.get(signal),
                            w.series.get(P99)), "%.2f"));
                });
                signals.row(cells.toArray());
            }
        });
        List<String> stopFreeColumns = new ArrayList<>(List.of("compaction, seconds without a host stop: signal"));
        windows.values().iterator().next().keySet().forEach(c -> stopFreeColumns.add(c.name + ">"));
        MarkdownTable stopFreeMeans = new MarkdownTable(stopFreeColumns.toArray(new String[0]));
        windows.forEach((phase, byConfig) -> IN_STOP_FREE.forEach(signal -> {
            List<Object> cells = new ArrayList<>(List.of(phase + STOP_FREE_MEANS + signal));
            byConfig.values().forEach(runs -> cells.add(spread(runs, w -> w.stopFreeMean(signal), "%.2f")));
            stopFreeMeans.row(cells.toArray());
        }));
        return new ReportWriter("").section("Second by second").paragraph("Each window's slowest second (its"
                + " highest read p99): how many seconds before the compaction's end it came, and what the node and the"
                + " host did in it; the dirty pages are the second before's (what was about to be written); median"
                + " (min-max) over the repetitions.").table(slowest).paragraph("Each signal over each compaction's"
                + " window, one value a second (NodeTimeline): its mean over the window, and r, Spearman's rank"
                + " correlation between it and the second's read p99 over the window's seconds; median (min-max) over"
                + " the repetitions. Every second of every run is in the -timeline.tsv beside this report, and plotted"
                + " in its -timeline.png. Pressure: /proc/pressure's share of the second in which some (full: all)"
                + " runnable tasks stalled on the resource, host-wide; dirty, writeback, dirtied and active file:"
                + " /proc/vmstat and /proc/meminfo, host-wide; disk MB/s: the node's /proc/<pid>/io; compaction"
                + " read MB/s: the progress of CompactionManager's compactions; gc pause and allocation: the node's"
                + " GarbageCollector and Threading MBeans; vcpu stall: time in which a CPU ran nothing the guest"
                + " knows of (VcpuStalls: a meter pinned to each CPU sleeps 1 ms at a time, and a wake-up at least 5 ms"
                + " late that the kernel did not count as a wait for the CPU is a stop of the CPU itself, the VM's host's"
                + " doing; every thread on it stops, the node's and the load client's alike), summed over the CPUs, and"
                + " the longest in the second.").table(signals).paragraph("The same signals' means over only the"
                + " seconds without a host stop (those the rows \"..., in seconds without a host stop\" above take their"
                + " reads from: no stop counted in the second nor in the one before), what the node did while the host"
                + " left it alone; median (min-max) over the repetitions, n/a for a window without such a second.")
                .table(stopFreeMeans).render();
    }

    /** The timeline's data and plot, beside the report whose path without ".md" is {@code prefix}. */
    void write(Path prefix) {
        StringBuilder tsv = new StringBuilder("configuration\trepetition\tcompaction\tsecond\t" + String.join("\t", SERIES));
        List<JFreeChart> charts = new ArrayList<>();
        windows.forEach((phase, byConfig) -> {
            List<String> plotted = concat(List.of(P99), PLOTTED);
            List<XYSeriesCollection> panels = new ArrayList<>();
            plotted.forEach(signal -> panels.add(new XYSeriesCollection()));
            List<Color> paints = new ArrayList<>(); // a line per window, a colour per configuration
            List<SteadyConfig> configs = new ArrayList<>(byConfig.keySet());
            byConfig.values().forEach(runs -> runs.forEach(w -> {
                paints.add(COLORS[configs.indexOf(w.config) % COLORS.length]);
                for (int t = 0; t < w.series.get(P99).length; t++) {
                    tsv.append(String.format(Locale.ROOT, "%n%s\t%d\t%s\t%d", w.config.name, w.repetition, phase, t + 1));
                    for (double[] values : w.series.values()) {
                        tsv.append(String.format(Locale.ROOT, "\t%.3f", t < values.length ? values[t] : Double.NaN));
                    }
                }
                for (int k = 0; k < plotted.size(); k++) {
                    XYSeries line = new XYSeries(w.config.name + " " + w.repetition, false);
                    double[] values = w.series.get(plotted.get(k));
                    for (int t = 0; t < values.length; t++) {
                        line.add(t + 1, Double.isNaN(values[t]) ? null : values[t]);
                    }
                    panels.get(k).addSeries(line);
                }
            }));
            for (int k = 0; k < plotted.size(); k++) {
                JFreeChart chart = ChartFactory.createXYLineChart(phase + ": " + plotted.get(k),
                        "s since the compaction started", plotted.get(k), panels.get(k), PlotOrientation.VERTICAL,
                        k == 0, false, false);
                ChartWriter.style(chart.getXYPlot());
                for (int s = 0; s < paints.size(); s++) {
                    chart.getXYPlot().getRenderer().setSeriesPaint(s, paints.get(s));
                }
                charts.add(chart);
            }
        });
        try {
            Files.write(Path.of(prefix + "-timeline.tsv"), tsv.append('\n').toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChartWriter.write("timeline", List.of("Reads during compaction, second by second: every run (a line each,"
                + " a colour per configuration), from the compaction's start to its end; data in the -timeline.tsv"),
                charts, PLOTTED.size() + 1, 460, 340, Path.of(prefix + "-timeline.png"));
    }

    private static String spread(List<Window> runs, ToDoubleFunction<Window> value, String format) {
        return Spread.of(runs.stream().mapToDouble(value).toArray()).format(format);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    /** Spearman's rank correlation (ties share their mean rank) over the seconds where both are numbers; NaN under 5. */
    static double spearman(double[] x, double[] y) {
        int n = 0;
        double[] a = new double[Math.min(x.length, y.length)];
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
                a[n] = x[i];
                b[n++] = y[i];
            }
        }
        return n < 5 ? Double.NaN : new SpearmansCorrelation().correlation(Arrays.copyOf(a, n), Arrays.copyOf(b, n));
    }
}
