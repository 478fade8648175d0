package dev.deflateaccel.agent.advise;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The report for a person: per table, one row per engine and level, then the recommendation. */
final class TextReport {
    private TextReport() {
    }

    static void write(PrintStream out, AdviceRun run) {
        out.println("deflate-accel " + run.version + " advise: what each Deflate engine on this host would do to"
                + " these SSTables");
        out.println("host: " + AdviceRun.host() + "; speeds are MB/s of uncompressed data per "
                + (run.cpuTime ? "CPU second of one thread" : "second of one thread (wall time: no thread CPU time here)"));
        for (TableAdvice t : run.tables) {
            out.println();
            table(out, t);
        }
        out.println();
        out.println("What these numbers do not know:");
        for (String u : AdviceRun.UNKNOWNS) {
            out.println("  - " + u);
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

    private static void table(PrintStream out, TableAdvice t) {
        SSTableGroup g = t.group;
        out.println("Table " + g.keyspace() + "." + g.table() + " (" + g.compressorName + ") in " + g.tableFolder);
        out.println("  " + g.sstables.size() + " SSTables, " + bytes(g.dataBytes()) + " in Data.db, "
                + bytes(g.uncompressedBytes()) + " uncompressed, chunks of " + kib(g.chunkLengths()));
        if (!t.sampled()) {
            out.println("  not sampled: " + (t.notSampled != null ? t.notSampled : "no chunk could be read"));
            return;
        }
        out.println("  sample: " + t.sampledChunks + " of " + g.chunkCount() + " chunks (" + bytes(t.sampledUncompressedBytes)
                + " uncompressed) from " + t.sampledSSTables + " of " + g.sstables.size() + " SSTables, each checksum"
                + " verified" + (t.stoppedByTime ? "; reading stopped at the time bound" : ""));
        out.println("  read with: " + t.codec);
        out.println();
        out.printf(Locale.ROOT, "  %-16s %12s %8s %15s %17s %12s %12s  %s%n", "engine", "table size", "change",
                "compress MB/s", "decompress MB/s", "CPU s/GB", "whole table", "vs " + g.compressorName);
        row(out, t, t.current, true);
        for (Measurement m : t.engines) {
            row(out, t, m, false);
        }
        out.println("  (CPU s/GB: codec CPU seconds a compaction spends per GB of uncompressed data, decompressing"
                + " and compressing it once; whole table: the same for all of it; ± half the spread of the passes)");
        Recommendation r = t.recommendation;
        out.println();
        out.println("  Recommendation: " + r.summary + ".");
        if (!r.configLines.isEmpty()) {
            out.println("  In the agent's config file (e.g. /etc/zlib-accel.conf):");
            for (String l : r.configLines) {
                out.println("    " + l);
            }
        }
        if (r.cql != null) {
            out.println("  Then, in cqlsh: " + r.cql);
            out.println("  Existing SSTables keep " + g.compressorName + " until compaction rewrites them"
                    + " (nodetool upgradesstables -a " + g.keyspace() + " " + g.table() + " rewrites them all).");
        }
        Measurement stock = t.stock();
        if (r.fastest != null && stock != null && stock.sampleBytes > 0) {
            out.printf(Locale.ROOT, "  Least CPU of all: %s at %.2f CPU s/GB, but it makes the table %s larger than"
                    + " zlib 6 does (the rule allows %.0f%%).%n", r.fastest.label, r.fastest.compactionSecondsPerGB(),
                    percent((double) r.fastest.sampleBytes / stock.sampleBytes - 1), Recommendation.SIZE_TOLERANCE * 100);
        }
    }

    private static void row(PrintStream out, TableAdvice t, Measurement m, boolean current) {
        String label = current ? "current" : m.label;
        if (m.notMeasured != null) {
            out.printf(Locale.ROOT, "  %-16s not measured: %s%n", label, m.notMeasured);
            return;
        }
        if (m.roundTripFailure != null) {
            out.printf(Locale.ROOT, "  %-16s ROUND TRIP FAILED: %s%n", label, m.roundTripFailure);
            return;
        }
        String vs;
        if (current) {
            vs = "-";
        } else {
            double delta = m.compactionSecondsPerGB() - t.current.compactionSecondsPerGB();
            vs = String.format(Locale.ROOT, "%+.2f CPU s/GB (%s)", delta,
                    ratio(m.compactionSecondsPerGB() / t.current.compactionSecondsPerGB()));
        }
        out.printf(Locale.ROOT, "  %-16s %12s %8s %15s %17s %12s %12s  %s%n", label, bytes(t.predictedBytes(m)),
                current ? "-" : percent(t.sizeChange(m)), rate(m.compress), rate(m.decompress),
                String.format(Locale.ROOT, "%.2f", m.compactionSecondsPerGB()),
                seconds(t.tableCompactionSeconds(m)), vs);
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, s < 10 ? "%.2f s" : "%.0f s", s);
    }

    static String rate(Rates r) {
        if (!r.measured()) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.0f ±%.0f%%", r.median, r.spread() * 100);
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "?" : String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    static String ratio(double r) {
        return Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%.2fx", r);
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
