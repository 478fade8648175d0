package dev.deflateaccel.lab.scaling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.lab.tools.ReportWriter;

/** The thread-scaling run as markdown: per direction, throughput and busy share by thread count. */
public final class ScalingReport {
    private final ReportHeader header;
    private final ScalingOptions options;
    private final List<Run> runs;
    private final String chartFile;

    public ScalingReport(ReportHeader header, ScalingOptions options, List<Run> runs, String chartFile) {
        this.header = header;
        this.options = options;
        this.runs = runs;
        this.chartFile = chartFile;
    }

    /** A usable run's points in one direction, by thread count in the order measured; empty for a failed run. */
    static Map<Integer, ScalingPoint> points(Run run, String direction, int chunkBytes) {
        Map<Integer, ScalingPoint> points = new LinkedHashMap<>();
        for (ProtocolLine result : run.usable() ? run.results : List.<ProtocolLine>of()) {
            if (result.get("op").equals(direction)) {
                points.put(result.getInt("threads"), ScalingPoint.of(result, chunkBytes));
            }
        }
        return points;
    }

    public String render() {
        ReportWriter md = new ReportWriter(header, "Thread scaling: per-chunk throughput by thread count, per engine "
                + "and context bound");
        int cores = Runtime.getRuntime().availableProcessors();
        if (options.maxThreads() > cores) {
            md.warning("**" + cores + " cores.** Above " + cores + " thread(s) the threads take turns on the cores, so "
                    + "this run shows how the engines and the context pool behave under contention (threads "
                    + "descheduled while holding a context), not many-core scaling.");
        }
        if (options.rounds < 3) {
            md.warning("**" + options.rounds + " round(s) per point**: a smoke run.");
        }
        md.paragraph("How to read: N threads call Cassandra's real `DeflateCompressor` (one shared instance, heap "
                + "buffers, each thread its own buffers) as fast as they can for " + options.seconds + " s per round; "
                + "MB/s = calls × chunk bytes / elapsed, of uncompressed data, summed over all threads: median (min–max) "
                + "of " + options.rounds + " rounds. The agent routes every call to one engine with no other engine on, "
                + "so a call that finds every context of the engine's pool busy runs Cassandra's own code "
                + "(java.util.zip) instead; the busy share is the agent's `FallbacksContextsBusy` delta over the calls "
                + "made. \"Never collapses\": median MB/s at " + options.maxThreads() + " threads ≥ "
                + ScalingVerdict.TARGET + " × the best median at any thread count.");
        md.image("MB/s by thread count", chartFile);
        for (String direction : options.directions) {
            appendDirection(md, direction);
        }
        appendChecks(md);
        for (Run run : runs) {
            if (run.configuration.agentConfig != null) {
                md.code("Agent config (" + ScalingOptions.label(run) + ")", run.configuration.agentConfig);
            }
        }
        return md.render();
    }

    private void appendDirection(ReportWriter md, String direction) {
        md.section(direction);
        List<String> headers = new ArrayList<>(List.of("configuration"));
        for (int t : options.threads) {
            headers.add(t + (t == 1 ? " thread>" : " threads>"));
        }
        headers.add("never collapses");
        MarkdownTable throughput = new MarkdownTable(headers.toArray(new String[0]));
        headers.set(headers.size() - 1, "calls at " + options.maxThreads() + " threads>");
        MarkdownTable busy = new MarkdownTable(headers.toArray(new String[0]));
        boolean anyCounted = false;
        for (Run run : runs) {
            Map<Integer, ScalingPoint> points = points(run, direction, options.chunkBytes());
            String label = ScalingOptions.label(run);
            if (points.size() < options.threads.size()) {
                Object[] failed = new Object[options.threads.size() + 2];
                failed[0] = label;
                failed[1] = "**FAILED**";
                throughput.row(failed);
                continue;
            }
            List<Object> tRow = new ArrayList<>(List.of(label));
            List<Object> bRow = new ArrayList<>(List.of(label));
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
        md.paragraph("MB/s, median (min–max):").table(throughput);
        if (anyCounted) {
            md.paragraph("Share of calls that found every context busy (and ran Cassandra's own code instead):")
                    .table(busy);
        }
    }

    private void appendChecks(ReportWriter md) {
        md.section("Checks");
        for (Run run : runs) {
            if (!run.usable()) {
                md.item(ScalingOptions.label(run) + ": **FAILED**: " + run.failure);
                continue;
            }
            double worst = 1;
            boolean counted = false;
            for (String direction : options.directions) {
                for (ScalingPoint p : points(run, direction, options.chunkBytes()).values()) {
                    if (p.counted()) {
                        counted = true;
                        worst = Math.min(worst, p.accountedShare());
                    }
                }
            }
            md.item(ScalingOptions.label(run) + ": " + (counted ? "0 engine errors; calls the agent counted (engine + "
                    + "handed to stock) / calls made, lowest over all points: " + String.format(Locale.ROOT, "%.4f",
                    worst) : "no agent (nothing to count)"));
        }
        md.endList();
    }
}
