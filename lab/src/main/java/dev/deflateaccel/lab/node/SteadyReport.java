package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import dev.deflateaccel.lab.tools.Spread;

/**
 * The steady-load results as markdown: per measurement the median and range of each
 * configuration, its ratio to the first configuration (per repetition, then median and range),
 * rankings that separate two configurations only where their ranges do not overlap, and the
 * per-run numbers. Also the panels of the PNG.
 */
final class SteadyReport {

    /** One measurement: how to read it from a run, whether lower is better, how to print it. */
    static final class Metric {
        final String name;
        final ToDoubleFunction<SteadyResult> value;
        final boolean lowerIsBetter;
        final String format;

        Metric(String name, ToDoubleFunction<SteadyResult> value, boolean lowerIsBetter, String format) {
            this.name = name;
            this.value = value;
            this.lowerIsBetter = lowerIsBetter;
            this.format = format;
        }
    }

    private static final double MIB = 1024 * 1024;

    static final Metric CPU_PER_OP = new Metric("node CPU us/op", r -> r.cpuMicrosPerOp, true, "%.0f");
    static final Metric READ_P50 = new Metric("read p50 ms", r -> r.readP50, true, "%.2f");
    static final Metric READ_P99 = new Metric("read p99 ms", r -> r.readP99, true, "%.1f");
    static final Metric WRITE_P99 = new Metric("write p99 ms", r -> r.writeP99, true, "%.1f");
    static final Metric COMPACTION_RATE = new Metric("compaction MiB/s (input, whole run)",
            r -> r.whole.compactionBytesPerSecond() / MIB, false, "%.1f");
    static final Metric COMPACTION_SECONDS = new Metric("compaction s (whole run)",
            r -> r.whole.compactionMillis / 1000.0, true, "%.1f");
    static final Metric WINDOW_COMPACTION_SECONDS = new Metric("compaction s (window)",
            r -> r.window.compactionMillis / 1000.0, true, "%.1f");
    static final Metric L0_MIB = new Metric("L0 SSTable MiB on disk (window mean)",
            r -> r.window.meanFlushDiskBytes() / MIB, true, "%.2f");
    static final Metric L0_RATIO = new Metric("L0 SSTable on disk / flushed data",
            r -> r.window.meanFlushDiskBytes() / r.window.meanFlushBytes(), true, "%.2f");
    static final Metric FLUSHES = new Metric("flushes (window)", r -> r.window.flushes, true, "%.0f");
    static final Metric DATA_MIB = new Metric("Data.db MiB at end", r -> r.dataBytes / MIB, true, "%.1f");
    static final Metric PRELOAD_CPU = new Metric("preload CPU us/row", r -> r.preloadCpuMicrosPerRow, true, "%.0f");
    static final Metric ACHIEVED = new Metric("achieved ops/s", r -> r.achievedPerSecond, false, "%.0f");

    static final List<Metric> TABLE = List.of(CPU_PER_OP, READ_P50, READ_P99, WRITE_P99, COMPACTION_RATE,
            COMPACTION_SECONDS, WINDOW_COMPACTION_SECONDS, FLUSHES, L0_MIB, L0_RATIO, DATA_MIB, PRELOAD_CPU, ACHIEVED);
    static final List<Metric> RANKED = List.of(CPU_PER_OP, READ_P99, COMPACTION_RATE, L0_MIB, DATA_MIB);
    static final List<Metric> CHARTED = List.of(CPU_PER_OP, READ_P99, COMPACTION_RATE, DATA_MIB);

    /** Node CPU per request of one thread group, in the window. */
    static Metric groupCpu(String group) {
        return new Metric("&nbsp;&nbsp;of which " + group + " threads, us/op",
                r -> r.cpuMicrosPerOpByGroup.getOrDefault(group, 0.0), true, "%.0f");
    }

    private final Map<SteadyConfig, List<SteadyResult>> results;

    SteadyReport(Map<SteadyConfig, List<SteadyResult>> results) {
        this.results = results;
    }

    Spread spread(SteadyConfig config, Metric metric) {
        List<Double> values = new ArrayList<>();
        results.get(config).forEach(r -> values.add(metric.value.applyAsDouble(r)));
        return Spread.of(values);
    }

    /** Ratio to the first configuration, repetition by repetition (they ran next to each other). */
    Spread ratio(SteadyConfig config, Metric metric) {
        List<SteadyResult> base = results.values().iterator().next();
        List<SteadyResult> runs = results.get(config);
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
        md.append("# deflate-accel steady mixed load\n\n");
        header.forEach(line -> md.append("- ").append(line).append('\n'));
        String base = results.keySet().iterator().next().label;
        md.append("\nMedian (min-max) over the repetitions; below it, the ratio to ").append(base)
                .append(" computed per repetition, median (min-max).\n\n| measurement |");
        results.keySet().forEach(c -> md.append(' ').append(c.label).append(" |"));
        md.append("\n| --- |");
        results.keySet().forEach(c -> md.append(" ---: |"));
        md.append('\n');
        for (Metric metric : TABLE) {
            appendRows(md, metric);
            if (metric == CPU_PER_OP) {
                ThreadGroupCpu.GROUPS.forEach(group -> appendRows(md, groupCpu(group)));
            }
        }
        md.append("\nRankings, best first (\"<\"/\">\": ranges across runs do not overlap; \"~\": they do, not ranked):\n\n");
        for (Metric metric : RANKED) {
            Map<String, Spread> byName = new LinkedHashMap<>();
            results.keySet().forEach(c -> byName.put(c.name, spread(c, metric)));
            md.append("- ").append(metric.name).append(": ").append(Ranking.of(byName, metric.lowerIsBetter)).append('\n');
        }
        md.append("\nPer run, in the order they ran within each repetition:\n\n");
        for (Map.Entry<SteadyConfig, List<SteadyResult>> e : results.entrySet()) {
            md.append("- ").append(e.getKey().label).append('\n');
            for (SteadyResult r : e.getValue()) {
                md.append(String.format(Locale.ROOT, "  - %.0f us/op, achieved %.0f/s (%,d late sends), read p50/p99"
                                + " %.2f/%.1f ms, write p50/p99 %.2f/%.1f ms, failures %d, wrong reads %d;"
                                + " window: %s; whole run: %s; preload %,.0f points/s\n",
                        r.cpuMicrosPerOp, r.achievedPerSecond, r.lateSends, r.readP50, r.readP99, r.writeP50,
                        r.writeP99, r.failures, r.wrongReads, r.window, r.whole, r.preloadRowsPerSecond));
                if (!r.engines.isEmpty()) {
                    md.append("    - agent: ").append(r.engines).append('\n');
                }
            }
        }
        md.append("\nHow measured:\n");
        md.append("- node CPU us/op: utime+stime of the Cassandra process (/proc/<pid>/stat) over the measured window,"
                + " divided by the requests completed in it; it includes the window's flushes and compactions.\n");
        md.append("- \"of which ... threads\": the same CPU split by thread name (/proc/<pid>/task/*/stat):"
                + " compaction = CompactionExecutor, flush = the memtable flush writers, request = Native-Transport-Requests"
                + " (CQL), ReadStage and MutationStage, gc = G1's threads, jit = the compilers, other = the rest,"
                + " including threads that exited in the window.\n");
        md.append("- the measured window follows an unmeasured warm-up at the same rate (JIT of the read path).\n");
        md.append("- latencies: from each request's scheduled send time (open loop, no coordinated omission) to its"
                + " answer; reads are point reads of random preloaded points, each checked.\n");
        md.append("- compaction MiB/s: input bytes (compressed, on disk) / duration, summed over the table's"
                + " \"Compacted (...)\" lines in system.log for the whole run (preload included). The input is"
                + " compressed bytes, so a compressor with a worse ratio feeds compaction more bytes for the same rows.\n");
        md.append("- flushes: the table's \"Completed flushing\" lines in the window; that line gives the flushed"
                + " data's uncompressed size, so the L0 Data.db files it names are measured on disk (polled twice a"
                + " second, before compaction removes them); L0 ratio = on-disk / uncompressed.\n");
        md.append("- every node: memtable_heap_space 16MiB (frequent flushes, so compactions run during the window),"
                + " compaction_throughput 0MiB/s (unthrottled); flush_compression fast (stock) unless the configuration"
                + " says table.\n");
        return md.toString();
    }

    private void appendRows(StringBuilder md, Metric metric) {
        md.append("| ").append(metric.name).append(" |");
        results.keySet().forEach(c -> md.append(' ').append(spread(c, metric).format(metric.format)).append(" |"));
        md.append("\n| &nbsp;&nbsp;ratio |");
        results.keySet().forEach(c -> md.append(' ').append(ratio(c, metric).format("%.2fx")).append(" |"));
        md.append('\n');
    }

    List<BarChartGrid.Panel> panels() {
        List<BarChartGrid.Panel> panels = new ArrayList<>();
        for (Metric metric : CHARTED) {
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
