package dev.deflateaccel.lab.scaling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ReportHeader;

/** The thread-scaling run as markdown: per direction, throughput and busy share by thread count. */
public final class ScalingReport {
    private final ReportHeader header;
    private final ScalingOptions options;
    private final List<ScalingOutcome> outcomes;
    private final String chartFile;

    public ScalingReport(ReportHeader header, ScalingOptions options, List<ScalingOutcome> outcomes, String chartFile) {
        this.header = header;
        this.options = options;
        this.outcomes = outcomes;
        this.chartFile = chartFile;
    }

    public String render() {
        StringBuilder md = new StringBuilder(header.render("Thread scaling: per-chunk throughput by thread count, "
                + "per engine and context bound"));
        int cores = Runtime.getRuntime().availableProcessors();
        if (options.maxThreads() > cores) {
            md.append("> **").append(cores).append(" cores.** Above ").append(cores).append(" thread(s) the threads "
                    + "take turns on the cores, so this run shows how the engines and the context pool behave under "
                    + "contention (threads descheduled while holding a context), not many-core scaling.\n\n");
        }
        if (options.rounds < 3) {
            md.append("> **").append(options.rounds).append(" round(s) per point**: a smoke run.\n\n");
        }
        md.append("How to read: N threads call Cassandra's real `DeflateCompressor` (one shared instance, heap buffers, "
                + "each thread its own buffers) as fast as they can for ").append(options.seconds).append(" s per round; "
                + "MB/s = calls × chunk bytes / elapsed, of uncompressed data, summed over all threads: median (min–max) "
                + "of ").append(options.rounds).append(" rounds. The agent routes every call to one engine with no "
                + "other engine on, so a call that finds every context of the engine's pool busy runs Cassandra's own "
                + "code (java.util.zip) instead; the busy share is the agent's `FallbacksContextsBusy` delta over the "
                + "calls made. \"Never collapses\": median MB/s at ").append(options.maxThreads())
                .append(" threads ≥ ").append(ScalingVerdict.TARGET).append(" × the best median at any thread count.\n\n");
        if (chartFile != null) {
            md.append("![MB/s by thread count](").append(chartFile).append(")\n\n");
        }
        for (String direction : options.directions) {
            appendDirection(md, direction);
        }
        appendFailuresAndCounting(md);
        appendAgentConfigs(md);
        return md.toString();
    }

    private void appendDirection(StringBuilder md, String direction) {
        md.append("## ").append(direction).append("\n\n");
        List<String> headers = new ArrayList<>();
        headers.add("configuration");
        for (int t : options.threads) {
            headers.add(t + (t == 1 ? " thread>" : " threads>"));
        }
        headers.add("never collapses");
        MarkdownTable throughput = new MarkdownTable(headers.toArray(new String[0]));
        headers.set(headers.size() - 1, "calls at " + options.maxThreads() + " threads>");
        MarkdownTable busy = new MarkdownTable(headers.toArray(new String[0]));
        boolean anyCounted = false;
        for (ScalingOutcome o : outcomes) {
            Map<Integer, ScalingPoint> points = o.points.getOrDefault(direction, Map.of());
            if (!o.usable() || points.size() < options.threads.size()) {
                throughput.row(cells(o.label(), "**FAILED**"));
                continue;
            }
            List<Object> tRow = new ArrayList<>();
            List<Object> bRow = new ArrayList<>();
            tRow.add(o.label());
            bRow.add(o.label());
            Map<Integer, Double> medians = new LinkedHashMap<>();
            for (int t : options.threads) {
                ScalingPoint p = points.get(t);
                medians.put(t, p.throughput().median);
                tRow.add(p.throughput().mbps());
                bRow.add(p.counted() ? Numbers.percent(p.busyShare()) : "n/a");
            }
            tRow.add(new ScalingVerdict(medians).describe());
            bRow.add(points.get(options.maxThreads()).calls());
            throughput.row(tRow.toArray());
            if (points.get(options.maxThreads()).counted()) {
                busy.row(bRow.toArray());
                anyCounted = true;
            }
        }
        md.append("MB/s, median (min–max):\n\n").append(throughput.render());
        if (anyCounted) {
            md.append("Share of calls that found every context busy (and ran Cassandra's own code instead):\n\n")
                    .append(busy.render());
        }
    }

    private Object[] cells(String label, String first) {
        Object[] row = new Object[options.threads.size() + 2];
        row[0] = label;
        row[1] = first;
        return row;
    }

    private void appendFailuresAndCounting(StringBuilder md) {
        md.append("## Checks\n\n");
        for (ScalingOutcome o : outcomes) {
            md.append("- ").append(o.label()).append(": ");
            if (!o.usable()) {
                md.append("**FAILED**: ").append(o.failure.replace("\n", "\n  ")).append('\n');
                continue;
            }
            double worst = 1;
            boolean counted = false;
            for (Map<Integer, ScalingPoint> byThreads : o.points.values()) {
                for (ScalingPoint p : byThreads.values()) {
                    if (p.counted()) {
                        counted = true;
                        worst = Math.min(worst, p.accountedShare());
                    }
                }
            }
            md.append(counted ? "0 engine errors; calls the agent counted (engine + handed to stock) / calls made, "
                    + "lowest over all points: " + String.format(java.util.Locale.ROOT, "%.4f", worst)
                    : "no agent (nothing to count)").append('\n');
        }
        md.append('\n');
    }

    private void appendAgentConfigs(StringBuilder md) {
        for (ScalingOutcome o : outcomes) {
            if (o.agentConfig != null) {
                md.append("Agent config (").append(o.label()).append("):\n\n```\n").append(o.agentConfig)
                        .append("```\n\n");
            }
        }
    }
}
