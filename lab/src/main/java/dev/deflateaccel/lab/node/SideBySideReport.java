package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;

import dev.deflateaccel.lab.node.Verdict.Finding;
import dev.deflateaccel.lab.node.Verdict.Kind;
import dev.deflateaccel.lab.node.Verdict.Round;
import dev.deflateaccel.lab.tools.Spread;

/**
 * What the side-by-side reports (RunReport writes the table, the rankings and the chart): its
 * measurements, and a verdict per engine against stock (the first configuration) on the measures
 * that can resolve a codec.
 */
final class SideBySideReport {

    static final Metric<SideBySideResult> COMPACTION = new Metric<>("major compaction s (server log)",
            r -> r.compactionSeconds, true, "%.1f", "compaction", Kind.TIME);
    static final Metric<SideBySideResult> COMPACTED = new Metric<>("compacted MB (uncompressed, written)",
            r -> r.compactedBytes / SideBySideResult.MB, true, "%.0f");
    static final Metric<SideBySideResult> CODEC_PER_MB = new Metric<>("codec CPU ms per compacted MB",
            SideBySideResult::codecMillisPerCompactedMB, true, "%.2f", "codec CPU per compacted MB", Kind.RATIO);
    static final Metric<SideBySideResult> NODE_PER_MB = new Metric<>("node CPU ms per compacted MB",
            SideBySideResult::nodeMillisPerCompactedMB, true, "%.2f", "node CPU per compacted MB", Kind.RATIO);
    static final Metric<SideBySideResult> COMPACTION_SHARE = new Metric<>("codec % of node CPU, compaction",
            SideBySideResult::compactionCodecShare, true, "%.0f");
    static final Metric<SideBySideResult> SIZE = new Metric<>("compaction output, on disk / uncompressed",
            SideBySideResult::compressedShare, true, "%.3f", "size", Kind.SIZE);
    static final Metric<SideBySideResult> MIXED_OPS = new Metric<>("mixed 50/50 ops/s", r -> r.mixedOpsPerSecond,
            false, "%,.0f");
    static final Metric<SideBySideResult> CODEC_PER_OP = new Metric<>("codec CPU us/op, mixed",
            SideBySideResult::codecMicrosPerOp, true, "%.1f", "codec CPU per op", Kind.RATIO);
    static final Metric<SideBySideResult> MIXED_SHARE = new Metric<>("codec % of node CPU, mixed",
            SideBySideResult::mixedCodecShare, true, "%.1f");
    static final Metric<SideBySideResult> NODE_PER_OP = new Metric<>("node CPU us/op, mixed",
            SideBySideResult::nodeMicrosPerOp, true, "%.0f");
    static final Metric<SideBySideResult> READ_P99 = new Metric<>("read p99 ms, mixed", r -> r.readP99, true, "%.2f");
    static final Metric<SideBySideResult> WRITE_P99 = new Metric<>("write p99 ms, mixed", r -> r.writeP99, true,
            "%.2f");

    /**
     * What the verdict judges: the codec's own CPU, which the agent's clock resolves, and what it
     * moves (the compaction's time, the node's CPU per compacted MB) or must not (the size). The
     * mixed load's throughput and latency are shown, not judged: on 2 cores a closed-loop load moves
     * more between phases than the codec's few percent of its CPU can move it.
     */
    private static final List<Metric<SideBySideResult>> JUDGED = List.of(CODEC_PER_MB, COMPACTION, NODE_PER_MB,
            CODEC_PER_OP, SIZE);

    private SideBySideReport() {
    }

    /** {@code ranBeforeStock.test(a, round)}: whether configuration {@code a} ran before stock in that round (from 1). */
    static RunReport.Definition<SideBySideResult> definition(SideBySideOptions options,
                                                              BiPredicate<SteadyConfig, Integer> ranBeforeStock) {
        RunReport.Definition<SideBySideResult> d = new RunReport.Definition<>("deflate-accel side by side",
                List.of(COMPACTION, COMPACTED, CODEC_PER_MB, NODE_PER_MB, COMPACTION_SHARE, SIZE, MIXED_OPS,
                        CODEC_PER_OP, MIXED_SHARE, NODE_PER_OP, READ_P99, WRITE_P99),
                List.of(CODEC_PER_MB, CODEC_PER_OP, COMPACTION),
                List.of(CODEC_PER_MB, COMPACTION, CODEC_PER_OP, MIXED_SHARE),
                null, null, SideBySideResult::line, r -> r.engines.line,
                List.of("one node, started with the agent and every engine off; each phase applies its configuration by"
                                + " rewriting the agent's config file (applied live), so stock is Cassandra's own code,"
                                + " timed by the same clock as the engines.",
                        "codec CPU: the agent's clock, the calling thread's CPU time around a random sample of the"
                                + " compress and decompress calls (one in 32 on average, each standing for 32; checked"
                                + " against perf in the codec-share report); node CPU: utime + stime of the Cassandra"
                                + " process (/proc/<pid>/stat).",
                        "compaction: the mixed load's writes flushed and their compactions finished, then `nodetool"
                                + " compact` of the table; compacted MB: the uncompressed bytes the compaction handed the"
                                + " codec to compress (1 MB = 10^6 bytes); seconds from the server's \"Compacted\" line;"
                                + " size: the output's bytes on disk (the same line) over those uncompressed bytes.",
                        String.format(Locale.ROOT, "mixed: %d s of 50%% point reads (each checked) and 50%% inserts,"
                                        + " %d requests in flight (closed loop), after the compaction.",
                                options.mixed.toSeconds(), options.concurrency),
                        "before the first phase, unmeasured: every configuration compacted a separate table and served"
                                + " 3 s of mixed load on it (the JIT's warm-up), then one mixed load as long as a phase's"
                                + " ran on the table (its read path's warm-up).",
                        "after the last phase, every loaded row and every acknowledged insert read back and compared."));
        d.section = results -> verdicts(results, ranBeforeStock);
        return d;
    }

    /** Per engine: each judged measure against stock, then one line that names both sides' codec share. */
    static String verdicts(Map<SteadyConfig, List<SideBySideResult>> results,
                           BiPredicate<SteadyConfig, Integer> ranBeforeStock) {
        List<SteadyConfig> configs = new ArrayList<>(results.keySet());
        SteadyConfig stock = configs.get(0);
        List<SideBySideResult> stockRuns = results.get(stock);
        StringBuilder md = new StringBuilder("## Verdict, each engine against stock\n\n");
        md.append("\"real\": at least ").append(Verdict.MIN_ROUNDS).append(" rounds, the same direction whichever ran"
                + " first, and a difference of the medians above the spread of either side's runs; else \"within"
                + " noise\". Ratios are engine / stock per round, median (min-max).\n\n");
        for (SteadyConfig engine : configs.subList(1, configs.size())) {
            List<SideBySideResult> runs = results.get(engine);
            List<Finding> findings = new ArrayList<>();
            for (Metric<SideBySideResult> m : JUDGED) {
                List<Round> rounds = new ArrayList<>();
                for (int i = 0; i < Math.min(runs.size(), stockRuns.size()); i++) {
                    rounds.add(new Round(m.value.applyAsDouble(runs.get(i)), m.value.applyAsDouble(stockRuns.get(i)),
                            ranBeforeStock.test(engine, i + 1)));
                }
                Finding f = Verdict.judge(m.finding, m.kind, rounds);
                findings.add(f);
                md.append(String.format(Locale.ROOT, "- %s, %s: %s, %s (%s)%n", engine.name, m.finding,
                        f.ratio.format("%.2fx"), f.real ? "real" : "within noise", f.why));
            }
            md.append(String.format(Locale.ROOT, "%n**Verdict, %s:** %s; the codec's share of the node's CPU in the"
                            + " mixed load %s against stock's %s.%n%n", engine.name, Verdict.line(findings),
                    spread(runs, MIXED_SHARE), spread(stockRuns, MIXED_SHARE)));
        }
        return md.toString();
    }

    private static String spread(List<SideBySideResult> runs, Metric<SideBySideResult> m) {
        List<Double> values = new ArrayList<>();
        runs.forEach(r -> values.add(m.value.applyAsDouble(r)));
        return Spread.of(values).format("%.1f%%");
    }
}
