package dev.deflateaccel.lab.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.deflateaccel.lab.chunk.BenchConfiguration;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportHeader;

/**
 * The advise check's report: per configuration and direction, advise's MB/s beside JMH's in each
 * round, their ratio, and the ratios' median (which must be within ±15%) and range.
 */
final class AdviseCheckReport {
    static final double TOLERANCE = 0.15;
    static final String[] DIRECTIONS = {"compress", "decompress"};

    /** One round: advise's rates and JMH's, each [compress, decompress] MB/s. */
    static final class Round {
        final int number;
        final Map<BenchConfiguration, double[]> advise = new EnumMap<>(BenchConfiguration.class);
        final Map<BenchConfiguration, double[]> jmh = new EnumMap<>(BenchConfiguration.class);
        final Map<String, Integer> adviseChunks = new LinkedHashMap<>();
        final Map<String, String> readWith = new LinkedHashMap<>();
        final List<String> problems = new ArrayList<>();
        String warmUp = "";
        String load = "unknown";
        boolean disturbed;

        Round(int number) {
            this.number = number;
        }

        double ratio(BenchConfiguration c, int direction) {
            double[] a = advise.get(c);
            double[] j = jmh.get(c);
            return a == null || j == null ? Double.NaN : a[direction] / j[direction];
        }
    }

    private final ReportHeader header;
    private final AdviseCheckOptions options;
    private final AdviseCheckRunner.Tables tables;
    private final List<Round> rounds;

    AdviseCheckReport(ReportHeader header, AdviseCheckOptions options, AdviseCheckRunner.Tables tables,
            List<Round> rounds) {
        this.header = header;
        this.options = options;
        this.tables = tables;
        this.rounds = rounds;
    }

    String render() {
        StringBuilder md = new StringBuilder(header.render("advise against the chunk benchmark, on one real table"));
        md.append("What advise says each codec's speed is, beside what the chunk benchmark (JMH, Cassandra's own"
                + " compressor classes, the agent in the fork for libdeflate and igzip) measures, on the same 16 KiB"
                + " chunks of one node-written table per compressor. advise times one thread's CPU time, JMH wall"
                + " time; on a quiet machine they agree. The advisor's figure must be within ±"
                + Math.round(TOLERANCE * 100) + "% of JMH's: the median of the rounds' ratios, per configuration and"
                + " direction.\n\n");
        md.append("- advise: `advise --json --all-chunks --seconds ").append(options.adviseSeconds)
                .append(" --cassandra-lib <the node's lib> <the keyspace folder>`; ")
                .append(rounds.isEmpty() ? "" : rounds.get(0).warmUp).append('\n');
        md.append("- JMH: `ChunkCompressionBenchmark.compress` and `.decompress`, 1 fork, ").append(options.warmup)
                .append(" warm-up and ").append(options.iterations)
                .append(" measured iterations of 1 s; the median iteration\n");
        for (Map.Entry<String, Integer> t : tables.chunks.entrySet()) {
            Integer sampled = rounds.isEmpty() ? null : rounds.get(0).adviseChunks.get(t.getKey());
            md.append("- ").append(t.getKey()).append(": ").append(t.getValue()).append(" chunks (JMH: the ")
                    .append(t.getValue() - 1).append(" full ones; advise: ").append(sampled).append(" read)")
                    .append(rounds.isEmpty() ? "" : "; advise read it with " + rounds.get(0).readWith.get(t.getKey()))
                    .append('\n');
        }
        md.append('\n');
        md.append(summary()).append('\n');
        md.append("## Every round\n\n");
        MarkdownTable table = new MarkdownTable("round", "configuration", "direction", "advise MB/s>", "JMH MB/s>",
                "advise / JMH>", "other processes");
        for (Round r : rounds) {
            for (BenchConfiguration c : AdviseCheckRunner.ADVISE_ROW.keySet()) {
                for (int d = 0; d < 2; d++) {
                    double[] a = r.advise.get(c);
                    double[] j = r.jmh.get(c);
                    table.row(Integer.toString(r.number), c.label, DIRECTIONS[d], a == null ? "n/a" : mbps(a[d]),
                            j == null ? "n/a" : mbps(j[d]), ratio(r.ratio(c, d)), r.load + (r.disturbed ? " (BUSY)" : ""));
                }
            }
        }
        md.append(table.render()).append('\n');
        for (Round r : rounds) {
            for (String p : r.problems) {
                md.append("- round ").append(r.number).append(": ").append(p).append('\n');
            }
        }
        return md.toString();
    }

    /** Per configuration and direction: the ratios' median and range, and whether every one is within the tolerance. */
    String summary() {
        StringBuilder md = new StringBuilder("## advise / JMH\n\n");
        MarkdownTable table = new MarkdownTable("configuration", "direction", "median>", "min-max>", "rounds>",
                "median within ±" + Math.round(TOLERANCE * 100) + "%", "rounds within ±" + Math.round(TOLERANCE * 100) + "%>");
        List<String> outside = new ArrayList<>();
        for (BenchConfiguration c : AdviseCheckRunner.ADVISE_ROW.keySet()) {
            for (int d = 0; d < 2; d++) {
                List<Double> ratios = new ArrayList<>();
                for (Round r : rounds) {
                    if (!Double.isNaN(r.ratio(c, d))) {
                        ratios.add(r.ratio(c, d));
                    }
                }
                Collections.sort(ratios);
                boolean within = !ratios.isEmpty() && ratios.size() == rounds.size()
                        && Math.abs(median(ratios) - 1) <= TOLERANCE;
                long roundsWithin = ratios.stream().filter(r -> Math.abs(r - 1) <= TOLERANCE).count();
                if (!within) {
                    outside.add(c.id() + " " + DIRECTIONS[d]);
                }
                table.row(c.label, DIRECTIONS[d], ratios.isEmpty() ? "n/a" : ratio(median(ratios)),
                        ratios.isEmpty() ? "n/a" : ratio(ratios.get(0)) + "-" + ratio(ratios.get(ratios.size() - 1)),
                        Integer.toString(ratios.size()), within ? "yes" : "NO", roundsWithin + " of " + rounds.size());
            }
        }
        md.append(table.render()).append('\n');
        md.append(outside.isEmpty() ? "Every configuration's and direction's ratio (the median of the rounds) is"
                + " within ±" + Math.round(TOLERANCE * 100) + "%.\n"
                : "Median ratio outside ±" + Math.round(TOLERANCE * 100) + "% (or a round not measured): "
                        + String.join(", ", outside) + ".\n");
        md.append("\nA round's ratio also carries the host's own swings: the two sides run minutes apart, and on"
                + " this project's VM the host stops the VM for about 100 ms at a time, which a thread's CPU clock"
                + " (advise's) counts and JMH's wall clock sees too, each when it happens.\n");
        return md.toString();
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String mbps(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }
}
