package dev.deflateaccel.agent.advise;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report for a person: per table, the rows no other row beats on both size and CPU (the
 * current compressor always among them) and one line per goal; then the node's rows, its goal
 * lines and its one config block.
 */
final class TextReport {
    private TextReport() {
    }

    static void write(PrintStream out, AdviceRun run) {
        NodeAdvice node = run.node;
        out.println("deflate-accel " + run.version + " advise: what each Deflate engine on this host would do to"
                + " these tables, and what to run on the node");
        out.println("host: " + AdviceRun.host() + "; CPU s/GB: codec CPU seconds per GB of uncompressed data, "
                + (run.cpuTime ? "CPU time of one thread" : "wall time of one thread (no thread CPU time here)")
                + "; CPU: " + node.model.describe() + "; " + EngineMeasurement.WARM_UP);
        for (TableAdvice t : run.tables) {
            out.println();
            table(out, t, node);
        }
        out.println();
        node(out, node);
        if (!run.codecCpu.isEmpty()) {
            out.println();
            out.println("The node's codec CPU (--node-cpu):");
            for (String l : run.codecCpu) {
                out.println("  " + l);
            }
        }
        out.println();
        out.println("Rules: \"at a size\" is within " + percentPlain(GoalDecision.SIZE_TOLERANCE) + " of it, widened by"
                + " the row's sampling margin; \"no more CPU\" is within both rows' spread; rows within each other's"
                + " spread are a tie, broken by: " + GoalDecision.TIE_BREAK + ".");
        out.println();
        out.println("What these numbers do not know:");
        for (String u : AdviceRun.UNKNOWNS) {
            out.println("  - " + u);
        }
        if (!run.leftOut.isEmpty()) {
            out.println();
            out.println("Left out:");
            for (String l : run.leftOut) {
                out.println("  - " + l);
            }
        }
        List<String> messages = run.problems.messages();
        List<String> vanished = run.problems.vanishedFiles();
        if (!messages.isEmpty() || !vanished.isEmpty()) {
            out.println();
            out.println("Not used (" + messages.size() + " problems, " + vanished.size()
                    + " SSTables removed while it ran, e.g. by a compaction):");
            for (String m : messages) {
                out.println("  - " + m);
            }
            for (String v : vanished) {
                out.println("  - removed while it ran: " + v);
            }
        }
        out.println();
        out.printf(Locale.ROOT, "%.1f s%s%n", run.seconds,
                run.anythingSampled() ? "" : "; nothing could be sampled: no advice");
    }

    private static void table(PrintStream out, TableAdvice t, NodeAdvice node) {
        SSTableGroup g = t.group;
        out.println("Table " + g.name() + " (" + g.compressorName + ") in " + String.join(", ", folders(g.ref)));
        out.println("  " + g.sstables.size() + " SSTables, " + bytes(g.dataBytes()) + " in Data.db, "
                + bytes(g.uncompressedBytes()) + " uncompressed, chunks of " + kib(g.chunkLengths())
                + (t.sampled() ? String.format(Locale.ROOT, "; %.0f%% of the node's weight", node.share(t) * 100) : ""));
        if (!t.sampled()) {
            out.println("  not advised: " + (t.notSampled != null ? t.notSampled : "no chunk could be read"));
            return;
        }
        out.println("  sample: " + t.sampledChunks + " of " + g.chunkCount() + " chunks (" + bytes(t.sampledUncompressedBytes)
                + " uncompressed) from " + t.sampledSSTables + " of " + g.sstables.size() + " SSTables"
                + (g.isUncompressed() ? " (compression disabled: no checksums to verify)" : ", each checksum verified"));
        if (t.timeBoundReached()) {
            out.println("  time bound reached: " + (t.stoppedByTime ? "reading stopped at " + t.chunksRead + " chunks"
                    : "") + (t.stoppedByTime && t.chunksRead > t.sampledChunks ? "; " : "")
                    + (t.chunksRead > t.sampledChunks ? "sizes measured on the first " + t.sampledChunks + " of the "
                            + t.chunksRead + " chunks read" : "") + " (--seconds gives the run more)");
        }
        out.println("  read with: " + t.codec);
        if (t.notAsTheNodeRunsIt != null) {
            out.println("  not as the node runs it: " + t.notAsTheNodeRunsIt);
        }
        rows(out, t.decision, t.answers.values());
        List<String> notMeasured = new ArrayList<>();
        for (Measurement m : t.engines) {
            if (m.notMeasured != null) {
                notMeasured.add(m.label + " (" + m.notMeasured + ")");
            } else if (m.roundTripFailure != null) {
                out.println("  " + m.label + ": ROUND TRIP FAILED, never chosen: " + m.roundTripFailure);
            }
        }
        if (!notMeasured.isEmpty()) {
            out.println("  not measured: " + String.join("; ", notMeasured));
        }
        for (Goal goal : Goal.values()) {
            out.println("  " + t.answers.get(goal).line(t.decision.current(), t.decision.model()));
        }
    }

    private static void node(PrintStream out, NodeAdvice node) {
        out.println("Node: " + node.tables.size() + " table(s) advised, weighed by "
                + node.weighedBy);
        if (node.tables.isEmpty()) {
            out.println("  " + node.configSummary + ".");
            return;
        }
        out.println("  (a row X: every Deflate table on X, and every other table on X only where X meets the goal on"
                + " that table's own rows; under the CPU goals no table's CPU rises, under the size goal not the"
                + " node's)");
        GoalDecision d = node.decisions.get(node.goal);
        rows(out, d, node.answers.values());
        for (Goal goal : Goal.values()) {
            out.println("  " + node.answers.get(goal).line(node.decisions.get(goal).current(), node.model));
        }
        out.println();
        out.println("  For the node (--goal " + node.goal.key + ": " + node.goal.description + "): " + node.configSummary
                + ".");
        if (!node.configLines.isEmpty()) {
            out.println("  In the agent's config file (e.g. /etc/zlib-accel.conf), on every node like this one:");
            for (String l : node.configLines) {
                out.println("    " + l);
            }
        }
        if (!node.alterTables.isEmpty()) {
            out.println("  Then, in cqlsh (once for the cluster; the table's chunk length and min_compress_ratio kept):");
            for (String a : node.alterTables) {
                out.println("    " + a);
            }
            out.println("  Existing SSTables keep their compressor until compaction rewrites them"
                    + " (nodetool upgradesstables -a KEYSPACE TABLE rewrites them all).");
        }
        for (String n : node.notes) {
            out.println("  Note: " + n);
        }
    }

    /**
     * The rows not dominated, and any row a goal line names (a pick, or a row it tied with), so
     * that every row a line mentions is in the table; then how many rows it leaves out.
     */
    private static void rows(PrintStream out, GoalDecision d, java.util.Collection<GoalAnswer> answers) {
        CostModel model = d.model();
        Alternative current = d.current();
        out.printf(Locale.ROOT, "  %-28s %11s %22s %19s %17s %14s%n", "row", "size",
                "change", "decompress s/GB", "compress s/GB", "CPU s/GB");
        java.util.Set<Alternative> named = java.util.Collections.newSetFromMap(
                new java.util.IdentityHashMap<Alternative, Boolean>());
        for (GoalAnswer a : answers) {
            named.addAll(a.tied);
        }
        List<Alternative> front = d.frontier();
        int shown = 0;
        for (Alternative a : d.rowsBySize()) {
            boolean dominated = !front.contains(a);
            if (dominated && !named.contains(a)) {
                continue;
            }
            shown++;
            String change = a.current ? "(current)" : percent(a.bytes / current.bytes - 1)
                    + (a.sizeMargin > 0 ? String.format(Locale.ROOT, " ±%.1f%%", a.sizeMargin * 100) : "");
            out.printf(Locale.ROOT, "  %-28s %11s %22s %19s %17s %14s%s%n", a.label, bytes(Math.round(a.bytes)), change,
                    secondsPerGB(a.decompressSecondsPerGB, a.decompressSpread),
                    secondsPerGB(a.compressSecondsPerGB, a.compressSpread),
                    secondsPerGB(a.cost(model), a.costSpread(model)), dominated ? "  (dominated)" : "");
        }
        int hidden = d.rowCount() - shown;
        if (hidden > 0) {
            out.println("  (" + hidden + (hidden == 1 ? " more row is" : " more rows are") + " dominated: another row is"
                    + " as small and as cheap; --json lists every row)");
        }
    }

    static String secondsPerGB(double v, double spread) {
        return String.format(Locale.ROOT, "%.2f ±%.2f", v, spread);
    }

    private static List<String> folders(TableRef ref) {
        List<String> l = new ArrayList<>();
        for (java.nio.file.Path p : ref.folders()) {
            l.add(p.toString());
        }
        return l;
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "?" : String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    private static String percentPlain(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String ratio(double r) {
        return Double.isNaN(r) || Double.isInfinite(r) ? "?" : String.format(Locale.ROOT, "%.2fx", r);
    }

    static String bytes(long n) {
        if (n >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f GB", n / 1e9);
        }
        if (n >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.2f MB", n / 1e6);
        }
        return String.format(Locale.ROOT, "%.1f kB", n / 1e3);
    }

    private static String kib(List<Integer> lengths) {
        StringBuilder b = new StringBuilder();
        for (int l : lengths) {
            b.append(b.length() == 0 ? "" : " and ").append(l >> 10).append(" KiB");
        }
        return b.toString();
    }
}
