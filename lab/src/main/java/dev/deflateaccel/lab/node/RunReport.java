package dev.deflateaccel.lab.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import dev.deflateaccel.lab.tools.ChartWriter;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportWriter;
import dev.deflateaccel.lab.tools.Spread;

import dev.deflateaccel.harness.ThreadGroupCpu;

/**
 * A node program's results as markdown: per measurement the median and range of each
 * configuration, its ratio to the first configuration (per repetition, then median and range),
 * rankings that separate two configurations only where their ranges do not overlap, and the
 * per-run lines. Also the charts of the PNG. What the measurements are and how one run is
 * described comes from the program (SteadyReport, IngestReport).
 */
final class RunReport<R> {

    /** What a program reports, beyond its results. */
    static final class Definition<R> {
        final String title;
        /** The table's rows, in order; a metric followed by its thread-group split where {@link #groupSplitOf} says so. */
        final List<Metric<R>> table;
        final List<Metric<R>> ranked;
        final List<Metric<R>> charted;
        /** The metric whose CPU is split by thread group below it, or null. */
        final Metric<R> groupSplitOf;
        /** The split of {@link #groupSplitOf} for one thread group. */
        final Function<String, Metric<R>> groupMetric;
        /** One run in one line (a markdown list item's text). */
        final Function<R, String> runLine;
        /** What the agent's engines did in a run, or "" without the agent. */
        final Function<R, String> engines;
        final List<String> howMeasured;
        /** The program's own section after the per-run lines (markdown, "" for none). */
        Function<Map<SteadyConfig, List<R>>, String> section = results -> "";
        /** The program's own files beside the report, given its path without ".md" (none by default). */
        BiConsumer<Map<SteadyConfig, List<R>>, Path> files = (results, prefix) -> { };
        /** Ratios to the first configuration of the same variant (igzip-direct-nice to cassandra-direct-nice), not to the first. */
        boolean ratioWithinVariant;

        Definition(String title, List<Metric<R>> table, List<Metric<R>> ranked, List<Metric<R>> charted,
                   Metric<R> groupSplitOf, Function<String, Metric<R>> groupMetric, Function<R, String> runLine,
                   Function<R, String> engines, List<String> howMeasured) {
            this.title = title;
            this.table = table;
            this.ranked = ranked;
            this.charted = charted;
            this.groupSplitOf = groupSplitOf;
            this.groupMetric = groupMetric;
            this.runLine = runLine;
            this.engines = engines;
            this.howMeasured = howMeasured;
        }
    }

    private final Definition<R> definition;
    private final Map<SteadyConfig, List<R>> results;

    RunReport(Definition<R> definition, Map<SteadyConfig, List<R>> results) {
        this.definition = definition;
        this.results = results;
    }

    Spread spread(SteadyConfig config, Metric<R> metric) {
        List<Double> values = new ArrayList<>();
        results.get(config).forEach(r -> values.add(metric.value.applyAsDouble(r)));
        return Spread.of(values);
    }

    /**
     * Ratio to the first configuration (or, with ratioWithinVariant, the first of the same variant),
     * repetition by repetition (they ran next to each other).
     */
    Spread ratio(SteadyConfig config, Metric<R> metric) {
        List<R> base = results.get(baseOf(config));
        List<R> runs = results.get(config);
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(base.size(), runs.size()); i++) {
            double baseValue = metric.value.applyAsDouble(base.get(i));
            // A base of zero (no flush CPU in that window, say) has no ratio; Spread leaves NaN out.
            ratios.add(baseValue == 0 ? Double.NaN : metric.value.applyAsDouble(runs.get(i)) / baseValue);
        }
        return Spread.of(ratios);
    }

    private SteadyConfig baseOf(SteadyConfig config) {
        SteadyConfig first = results.keySet().iterator().next();
        return !definition.ratioWithinVariant ? first : results.keySet().stream()
                .filter(c -> c.variant.equals(config.variant)).findFirst().orElse(first);
    }

    String markdown(List<String> header) {
        ReportWriter md = new ReportWriter("# " + definition.title + "\n\n");
        header.forEach(md::item);
        String base = results.keySet().iterator().next().label;
        md.endList().paragraph("Median (min-max) over the repetitions; below it, the ratio to " + (definition.ratioWithinVariant
                ? "the first configuration with the same variant (the same suffix: a -direct-nice one to the first"
                + " -direct-nice one)" : base) + " computed per repetition, median (min-max).");
        List<String> columns = new ArrayList<>(List.of("measurement"));
        results.keySet().forEach(c -> columns.add(c.label + ">"));
        MarkdownTable table = new MarkdownTable(columns.toArray(new String[0]));
        for (Metric<R> metric : definition.table) {
            addRows(table, metric);
            if (metric == definition.groupSplitOf) {
                ThreadGroupCpu.GROUPS.forEach(group -> addRows(table, definition.groupMetric.apply(group)));
            }
        }
        md.table(table).paragraph("Rankings, best first (\"<\"/\">\": ranges across runs do not overlap; \"~\": they "
                + "do, not ranked):");
        for (Metric<R> metric : definition.ranked) {
            Map<String, Spread> byName = new LinkedHashMap<>();
            results.keySet().forEach(c -> byName.put(c.name, spread(c, metric)));
            md.item(metric.name + ": " + Ranking.of(byName, metric.lowerIsBetter));
        }
        md.endList().paragraph("Per run, in the order they ran within each repetition:");
        for (Map.Entry<SteadyConfig, List<R>> e : results.entrySet()) {
            StringBuilder runs = new StringBuilder(e.getKey().label);
            for (R r : e.getValue()) {
                runs.append("\n- ").append(definition.runLine.apply(r));
                String engines = definition.engines.apply(r);
                if (!engines.isEmpty()) {
                    runs.append("\n  - agent: ").append(engines);
                }
            }
            md.item(runs.toString());
        }
        md.endList().raw(definition.section.apply(results)).raw("How measured:\n");
        definition.howMeasured.forEach(md::item);
        return md.render();
    }

    /** The program's own files, beside the report whose path without ".md" is {@code prefix}. */
    void writeFiles(Path prefix) {
        definition.files.accept(results, prefix);
    }

    /** A metric's median (min-max) per configuration, and below it the ratio to the first. */
    private void addRows(MarkdownTable table, Metric<R> metric) {
        List<Object> values = new ArrayList<>(List.of(metric.name));
        List<Object> ratios = new ArrayList<>(List.of("&nbsp;&nbsp;ratio"));
        for (SteadyConfig c : results.keySet()) {
            values.add(spread(c, metric).format(metric.format));
            ratios.add(ratio(c, metric).format("%.2fx"));
        }
        table.row(values.toArray()).row(ratios.toArray());
    }

    /** One horizontal bar chart per charted metric: each configuration's median, its range in the label. */
    List<JFreeChart> charts() {
        List<JFreeChart> charts = new ArrayList<>();
        for (Metric<R> metric : definition.charted) {
            DefaultCategoryDataset bars = new DefaultCategoryDataset();
            for (SteadyConfig c : results.keySet()) {
                Spread s = spread(c, metric);
                String range = s.count > 1 ? " (" + String.format(Locale.ROOT, metric.format, s.min) + "-"
                        + String.format(Locale.ROOT, metric.format, s.max) + ")" : "";
                bars.addValue(s.median, "median", c.name + range);
            }
            JFreeChart chart = ChartFactory.createBarChart(metric.name + ", median (range)", null, null, bars,
                    PlotOrientation.HORIZONTAL, false, false, false);
            ChartWriter.style(chart.getCategoryPlot());
            charts.add(chart);
        }
        return charts;
    }
}
