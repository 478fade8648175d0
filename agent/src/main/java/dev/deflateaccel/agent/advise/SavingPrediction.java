package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the node's codec share would become with another engine: the share the agent measured
 * live on the node, per direction, scaled by how much CPU per byte each engine took on the node's
 * own chunks against what serves that direction today (advise's measurements, in the same run).
 * The range comes from the passes' spread (slowest against fastest). It is a prediction: it
 * assumes the node's mix of calls stays as it was, and the agent's own copies, which the live
 * share holds and advise's per-chunk figures do not, are taken to scale with the codec.
 *
 * <p>Not called yet: advise does not read a node's live shares (issue 43 item 3 is to pass them
 * in, from status or over JMX, and print these lines with the node's answer).
 */
final class SavingPrediction {
    /** Below this many percentage points of the node's CPU, a saving is not worth a change. */
    static final double TOO_SMALL_POINTS = 1.0;

    /** The node's live shares, percent of its CPU (the Agent MBean's last-minute attributes). */
    static final class NodeShare {
        final double compress;
        final double decompress;
        final double compaction;
        final double reads;

        NodeShare(double compress, double decompress, double compaction, double reads) {
            this.compress = compress;
            this.decompress = decompress;
            this.compaction = compaction;
            this.reads = reads;
        }

        double total() {
            return compress + decompress;
        }
    }

    /** One candidate's predicted share: median, and the range the passes' spread allows. */
    static final class Predicted {
        final String label;
        final double median;
        final double low;
        final double high;

        Predicted(String label, double median, double low, double high) {
            this.label = label;
            this.median = median;
            this.low = low;
            this.high = high;
        }
    }

    private SavingPrediction() {
    }

    /**
     * {@code today} is the row of what serves the node now (stock zlib 6 when Cassandra's own code
     * serves); each candidate's share is today's, per direction, times today's MB/s over its MB/s.
     */
    static List<Predicted> predict(NodeShare node, Measurement today, List<Measurement> candidates) {
        List<Predicted> out = new ArrayList<>();
        for (Measurement m : candidates) {
            if (!m.usable() || !today.compress.measured() || !today.decompress.measured()) {
                continue;
            }
            double median = node.compress * today.compress.median / m.compress.median
                    + node.decompress * today.decompress.median / m.decompress.median;
            double low = node.compress * today.compress.min / m.compress.max
                    + node.decompress * today.decompress.min / m.decompress.max;
            double high = node.compress * today.compress.max / m.compress.min
                    + node.decompress * today.decompress.max / m.decompress.min;
            out.add(new Predicted(m.label, median, low, high));
        }
        return out;
    }

    /** The operator's lines: today's share, each candidate's, and whether it is worth it. */
    static List<String> lines(NodeShare node, List<Predicted> predicted) {
        List<String> lines = new ArrayList<>();
        StringBuilder s = new StringBuilder("compression is ").append(pct(node.total()))
                .append(" of this node's CPU (compaction ").append(pct(node.compaction))
                .append(", reads ").append(pct(node.reads)).append(')');
        double best = node.total();
        for (Predicted p : predicted) {
            s.append(s.indexOf(";") < 0 ? "; " : ", ").append("with ").append(p.label).append(" about ")
                    .append(pct(p.median)).append(" (").append(String.format(Locale.ROOT, "%.1f", p.low)).append('-').append(pct(p.high)).append(')');
            best = Math.min(best, p.median);
        }
        lines.add(s.toString());
        double saving = node.total() - best;
        if (saving < TOO_SMALL_POINTS) {
            lines.add("At most about " + pct(Math.max(0, saving)) + " of this node's CPU to save: too small to matter"
                    + " on this workload.");
        }
        return lines;
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, "%.1f%%", p);
    }
}
