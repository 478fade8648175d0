package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.deflateaccel.agent.CassandraRoute;

/**
 * What the node's codec share would become with another engine: the share the agent measured live
 * on the node ({@link NodeCodecCpu}), per direction, scaled by the CPU per GB each engine took on
 * the node's own Deflate chunks against what serves them today (advise's rows, timed in the same
 * run). What serves today may be Cassandra's own code or any engine at its configured level, so a
 * node on libdeflate can ask what igzip, or stock, would do. The range comes from the rows' spreads (half their passes' inter-quartile range), taken
 * the worst way round. It is a prediction: it assumes the node's mix of calls stays as it was,
 * and the agent's own copies, which the live share holds and advise's per-chunk figures do not,
 * are taken to scale with the codec.
 */
final class SavingPrediction {
    /** Below this many percentage points of the node's CPU, a saving is not worth a change. */
    static final double TOO_SMALL_POINTS = 1.0;

    /** One candidate's predicted share of the node's CPU, percent: median and range. */
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

    /** Each candidate's share: today's, per direction, times the candidate's CPU s/GB over today's. */
    static List<Predicted> predict(NodeCodecCpu node, Alternative today, List<Alternative> candidates) {
        List<Predicted> out = new ArrayList<>();
        for (Alternative a : candidates) {
            double median = node.compress * a.compressSecondsPerGB / today.compressSecondsPerGB
                    + node.decompress * a.decompressSecondsPerGB / today.decompressSecondsPerGB;
            double low = node.compress * (a.compressSecondsPerGB - a.compressSpread)
                    / (today.compressSecondsPerGB + today.compressSpread)
                    + node.decompress * (a.decompressSecondsPerGB - a.decompressSpread)
                    / (today.decompressSecondsPerGB + today.decompressSpread);
            double high = node.compress * (a.compressSecondsPerGB + a.compressSpread)
                    / positive(today.compressSecondsPerGB - today.compressSpread, today.compressSecondsPerGB)
                    + node.decompress * (a.decompressSecondsPerGB + a.decompressSpread)
                    / positive(today.decompressSecondsPerGB - today.decompressSpread, today.decompressSecondsPerGB);
            out.add(new Predicted(a.label, median, Math.max(0, low), high));
        }
        return out;
    }

    /**
     * Every Deflate row's predicted share but the current one's, on the frontier or not, for the
     * JSON report (scripts, and the lab's check against measured savings, want the row they run
     * even where another row beats it); empty where {@link #lines} makes no prediction.
     */
    static List<Predicted> everyRow(NodeCodecCpu node, GoalDecision deflate) {
        Alternative today = deflate == null ? null : today(deflate, node);
        if (today == null || node.total <= 0) {
            return new ArrayList<>();
        }
        List<Alternative> others = new ArrayList<>(deflate.rows());
        others.removeIf(a -> a == today);
        return predict(node, today, others);
    }

    /** A spread as wide as the figure itself leaves the figure's own floor: a tenth of it. */
    private static double positive(double v, double of) {
        return Math.max(v, of / 10);
    }

    /**
     * The report's lines for the node: its shares, and for the Deflate tables' frontier rows (those
     * no other row beats on both size and CPU) the share each would give; or why there is no
     * prediction. {@code deflate} is {@link NodeAdvice#deflateTables()}.
     */
    static List<String> lines(NodeCodecCpu node, GoalDecision deflate) {
        List<String> lines = new ArrayList<>();
        Alternative today = deflate == null ? null : today(deflate, node);
        String shares = "compression is " + pct(node.total) + " of this node's CPU (compaction " + pct(node.compaction)
                + ", reads " + pct(node.reads) + (today == null || today.current ? "" : ", with " + today.label
                + " serving") + ")";
        String servedBy = node.servedBy();
        if (node.total <= 0) {
            lines.add(shares + ": no DeflateCompressor call in the last minute, nothing to save");
            return lines;
        }
        if (deflate == null) {
            lines.add(shares + "; no Deflate table was advised here, so no prediction (the share is DeflateCompressor's)");
            return lines;
        }
        if (today == null) {
            lines.add(shares + ", measured with " + noStartingPoint(node, servedBy) + ": no prediction.");
            return lines;
        }
        List<Alternative> candidates = new ArrayList<>();
        for (Alternative a : deflate.frontier()) {
            if (a != today && a != deflate.zlib6()) {
                candidates.add(a);
            }
        }
        List<Predicted> predicted = predict(node, today, candidates);
        StringBuilder s = new StringBuilder(shares);
        double best = node.total;
        for (Predicted p : predicted) {
            s.append(s.indexOf(";") < 0 ? "; " : ", ").append("with ")
                    .append(p.label.equals(deflate.current().label) ? "Cassandra's own code" : p.label).append(" about ")
                    .append(pct(p.median)).append(" (").append(String.format(Locale.ROOT, "%.1f", p.low)).append('-')
                    .append(pct(p.high)).append(')');
            best = Math.min(best, p.median);
        }
        // Of today's CPU: with the engine, the node's own CPU per request is smaller, so its share
        // of that smaller whole is larger than this figure.
        lines.add(s.append(predicted.isEmpty() ? "" : "; each of today's CPU, for the same work").toString());
        double saving = node.total - best;
        if (saving < TOO_SMALL_POINTS) {
            lines.add("At most about " + pct(Math.max(0, saving)) + " of this node's CPU to save: too small to matter"
                    + " on this workload.");
        }
        return lines;
    }

    /**
     * The row of what served the node's calls: Cassandra's own code is the Deflate tables' current
     * row (stock zlib 6 as Cassandra calls it), an engine its row at the level it serves at; null
     * for a mix of engines, an unknown level, or a row not measured on this host.
     */
    private static Alternative today(GoalDecision deflate, NodeCodecCpu node) {
        if (CassandraRoute.CASSANDRA.equals(node.servedBy())) {
            return deflate.current();
        }
        String label = node.servedRow();
        for (Alternative a : deflate.rows()) {
            if (!a.current && a.label.equals(label)) {
                return a;
            }
        }
        return null;
    }

    /** Why no row of advise's is what served the node's calls. */
    private static String noStartingPoint(NodeCodecCpu node, String servedBy) {
        if (servedBy == null) {
            return "several engines serving (a reload in the last minute?); run this again in two minutes";
        }
        String row = node.servedRow();
        if (row == null) {
            return servedBy + " serving, but " + node.levelsUnknown;
        }
        return row + " serving, a row not measured on this host";
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, "%.1f%%", p);
    }
}
