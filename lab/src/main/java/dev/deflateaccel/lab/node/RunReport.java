package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import dev.deflateaccel.lab.tools.Spread;

/**
 * A node program's results as markdown: per measurement the median and range of each
 * configuration, its ratio to the first configuration (per repetition, then median and range),
 * rankings that separate two configurations only where their ranges do not overlap, and the
 * per-run lines. Also the panels of the PNG. What the measurements are and how one run is
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

    /** Ratio to the first configuration, repetition by repetition (they ran next to each other). */
    Spread ratio(SteadyConfig config, Metric<R> metric) {
        List<R> base = results.values().iterator().next();
        List<R> runs = results.get(config);
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(base.size(), runs.size()); i++) {
            double baseValue = metric.value.applyAsDouble(base.get(i));
            // A base of zero (no flush CPU in that window, say) has no ratio; Spread leaves NaN out.
            ratios.add(baseValue == 0 ? Double.NaN : metric.value.applyAsDouble(runs.get(i)) / baseValue);
        }
        return Spread.of(ratios);
    }

    String markdown(List<String> header) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(definition.title).append("\n\n");
        header.forEach(line -> md.append("- ").append(line).append('\n'));
        String base = results.keySet().iterator().next().label;
        md.append("\nMedian (min-max) over the repetitions; below it, the ratio to ").append(base)
                .append(" computed per repetition, median (min-max).\n\n| measurement |");
        results.keySet().forEach(c -> md.append(' ').append(c.label).append(" |"));
        md.append("\n| --- |");
        results.keySet().forEach(c -> md.append(" ---: |"));
        md.append('\n');
        for (Metric<R> metric : definition.table) {
            appendRows(md, metric);
            if (metric == definition.groupSplitOf) {
                ThreadGroupCpu.GROUPS.forEach(group -> appendRows(md, definition.groupMetric.apply(group)));
            }
        }
        md.append("\nRankings, best first (\"<\"/\">\": ranges across runs do not overlap; \"~\": they do, not ranked):\n\n");
        for (Metric<R> metric : definition.ranked) {
            Map<String, Spread> byName = new LinkedHashMap<>();
            results.keySet().forEach(c -> byName.put(c.name, spread(c, metric)));
            md.append("- ").append(metric.name).append(": ").append(Ranking.of(byName, metric.lowerIsBetter)).append('\n');
        }
        md.append("\nPer run, in the order they ran within each repetition:\n\n");
        for (Map.Entry<SteadyConfig, List<R>> e : results.entrySet()) {
            md.append("- ").append(e.getKey().label).append('\n');
            for (R r : e.getValue()) {
                md.append("  - ").append(definition.runLine.apply(r)).append('\n');
                String engines = definition.engines.apply(r);
                if (!engines.isEmpty()) {
                    md.append("    - agent: ").append(engines).append('\n');
                }
            }
        }
        md.append("\nHow measured:\n");
        definition.howMeasured.forEach(line -> md.append("- ").append(line).append('\n'));
        return md.toString();
    }

    private void appendRows(StringBuilder md, Metric<R> metric) {
        md.append("| ").append(metric.name).append(" |");
        results.keySet().forEach(c -> md.append(' ').append(spread(c, metric).format(metric.format)).append(" |"));
        md.append("\n| &nbsp;&nbsp;ratio |");
        results.keySet().forEach(c -> md.append(' ').append(ratio(c, metric).format("%.2fx")).append(" |"));
        md.append('\n');
    }

    List<BarChartGrid.Panel> panels() {
        List<BarChartGrid.Panel> panels = new ArrayList<>();
        for (Metric<R> metric : definition.charted) {
            Map<String, Double> bars = new LinkedHashMap<>();
            for (SteadyConfig c : results.keySet()) {
                Spread s = spread(c, metric);
                String range = s.count > 1 ? " (" + String.format(Locale.ROOT, metric.format, s.min) + "-"
                        + String.format(Locale.ROOT, metric.format, s.max) + ")" : "";
                bars.put(c.name + range, s.median);
            }
            panels.add(new BarChartGrid.Panel(metric.name + ", median (range)", bars));
        }
        return panels;
    }
}
