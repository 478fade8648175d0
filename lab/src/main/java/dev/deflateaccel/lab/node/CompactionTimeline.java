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
import java.util.function.Function;

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
 * The reads-during-compaction report second by second (issue 37): every run's compaction window as
 * data ({@code <report>-timeline.tsv}) and as a plot ({@code <report>-timeline.png}), and a table of
 * each signal's mean over the window and its rank correlation with the second's read p99. The
 * resource the reads wait on is a signal that rises in their slow seconds and is higher under the
 * configurations whose p99 is worse; a signal that does neither is ruled out.
 */
final class CompactionTimeline {

    /** Plotted beside the reads' p99, a panel each. */
    private static final List<String> PLOTTED = List.of("compaction read MB/s", "compaction threads CPU s/s",
            "cpu pressure some %", "io pressure some %", "dirty MiB");
    private static final Color[] COLORS = {Color.BLACK, new Color(0xD62728), new Color(0x1F77B4), new Color(0x2CA02C)};

    private final Map<SteadyConfig, List<CompactionReadsResult>> results;
    /** The two compactions' names in report order, and how to find each in a result. */
    private final Map<String, Function<CompactionReadsResult, CompactionReadsResult.Phase>> phases;

    CompactionTimeline(Map<SteadyConfig, List<CompactionReadsResult>> results, String secondName) {
        this.results = results;
        this.phases = new LinkedHashMap<>();
        phases.put("unthrottled", r -> r.unthrottled);
        phases.put(secondName, r -> r.throttled);
    }

    /** The series of a window, in order: the reads' p50 and p99, then the node's and the host's signals. */
    private static List<String> names() {
        List<String> names = new ArrayList<>(List.of("read p50 ms", "read p99 ms"));
        names.addAll(NodeTimeline.SIGNALS);
        return names;
    }

    /** The run's reads' p50 and p99 and every signal, a series each, second by second. */
    private static Map<String, double[]> series(CompactionReadsResult.Phase p) {
        Map<String, double[]> s = new LinkedHashMap<>();
        s.put("read p50 ms", p.readP50PerSecond);
        s.put("read p99 ms", p.readP99PerSecond);
        for (String signal : NodeTimeline.SIGNALS) {
            s.put(signal, p.timeline.stream().mapToDouble(second -> second.values.get(signal)).toArray());
        }
        return s;
    }

    /** Per compaction and signal: each configuration's mean over the window and its correlation with read p99. */
    String section() {
        List<String> columns = new ArrayList<>(List.of("compaction: signal"));
        results.keySet().forEach(c -> columns.addAll(List.of(c.name + " mean>", c.name + " r>")));
        MarkdownTable table = new MarkdownTable(columns.toArray(new String[0]));
        phases.forEach((phase, of) -> {
            for (String signal : names()) {
                List<Object> cells = new ArrayList<>(List.of(phase + ": " + signal));
                results.values().forEach(runs -> {
                    cells.add(Spread.of(runs.stream().mapToDouble(r -> mean(series(of.apply(r)).get(signal)))
                            .toArray()).format("%.2f"));
                    cells.add(signal.equals("read p99 ms") ? "" : Spread.of(runs.stream().mapToDouble(r -> spearman(
                            series(of.apply(r)).get(signal), of.apply(r).readP99PerSecond)).toArray()).format("%.2f"));
                });
                table.row(cells.toArray());
            }
        });
        return new ReportWriter("").section("Second by second").paragraph("Each signal over each compaction's"
                + " window, one value a second (NodeTimeline): its mean over the window, and r, Spearman's rank"
                + " correlation between it and the second's read p99 over the window's seconds; median (min-max) over"
                + " the repetitions. Every second of every run is in the -timeline.tsv beside this report, and plotted"
                + " in its -timeline.png. Pressure: /proc/pressure's share of the second in which some (full: all)"
                + " runnable tasks stalled on the resource, host-wide; dirty, writeback, dirtied and active file:"
                + " /proc/vmstat and /proc/meminfo, host-wide; disk MB/s: the node's /proc/<pid>/io; compaction"
                + " read MB/s: the progress of CompactionManager's compactions; gc pause and allocation: the node's"
                + " GarbageCollector and Threading MBeans.").table(table).render();
    }

    /** The timeline's data and plot, beside the report whose path without ".md" is {@code prefix}. */
    void write(Path prefix) {
        StringBuilder tsv = new StringBuilder("configuration\trepetition\tcompaction\tsecond");
        names().forEach(name -> tsv.append('\t').append(name));
        List<JFreeChart> charts = new ArrayList<>();
        phases.forEach((phase, of) -> {
            List<String> plotted = new ArrayList<>(List.of("read p99 ms"));
            plotted.addAll(PLOTTED);
            List<XYSeriesCollection> panels = new ArrayList<>();
            plotted.forEach(signal -> panels.add(new XYSeriesCollection()));
            results.forEach((config, runs) -> {
                for (int rep = 0; rep < runs.size(); rep++) {
                    Map<String, double[]> series = series(of.apply(runs.get(rep)));
                    int seconds = series.get("read p99 ms").length;
                    for (int t = 0; t < seconds; t++) {
                        tsv.append(String.format(Locale.ROOT, "%n%s\t%d\t%s\t%d", config.name, rep + 1, phase, t + 1));
                        for (double[] values : series.values()) {
                            tsv.append(String.format(Locale.ROOT, "\t%.3f", t < values.length ? values[t] : Double.NaN));
                        }
                    }
                    for (int k = 0; k < plotted.size(); k++) {
                        XYSeries line = new XYSeries(config.name + " " + (rep + 1), false);
                        double[] values = series.get(plotted.get(k));
                        for (int t = 0; t < values.length; t++) {
                            line.add(t + 1, Double.isNaN(values[t]) ? null : values[t]);
                        }
                        panels.get(k).addSeries(line);
                    }
                }
            });
            for (int k = 0; k < plotted.size(); k++) {
                JFreeChart chart = ChartFactory.createXYLineChart(phase + ": " + plotted.get(k),
                        "s since the compaction started", plotted.get(k), panels.get(k), PlotOrientation.VERTICAL,
                        k == 0, false, false);
                ChartWriter.style(chart.getXYPlot());
                for (int s = 0; s < panels.get(k).getSeriesCount(); s++) {
                    int config = s / Math.max(1, results.values().iterator().next().size());
                    chart.getXYPlot().getRenderer().setSeriesPaint(s, COLORS[config % COLORS.length]);
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
