package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.lab.MachineDescription;
import dev.deflateaccel.lab.node.Verdict.Finding;
import dev.deflateaccel.lab.node.Verdict.Kind;
import dev.deflateaccel.lab.node.Verdict.Round;

/**
 * Prints the side-by-side rounds: per measurement every run of each side, the agent/stock ratio
 * and whether the difference is real (Verdict), then the engines that served the agent's nodes,
 * then the one-line verdict.
 */
final class SideBySideReport {

    private static final int LABEL = 32;
    private static final int COLUMN = 22;

    private static final Metric<SideBySideResult> LOAD = new Metric<>("load rows/s", r -> r.load.loadRowsPerSecond,
            false, "%,.0f", "load throughput", Kind.RATIO);
    private static final Metric<SideBySideResult> LOAD_CPU = new Metric<>("  node CPU us/row",
            r -> r.load.loadCpuMicrosPerRow, true, "%.1f", "CPU per write", Kind.RATIO);
    private static final Metric<SideBySideResult> FLUSH = new Metric<>("flush s (LZ4 in stock 5.0)",
            r -> r.load.flushSeconds, true, "%.2f", "flush", Kind.TIME);
    private static final Metric<SideBySideResult> COMPACTION = new Metric<>("major compaction s (server log)",
            r -> r.load.majorCompactionSeconds(), true, "%.2f", "compaction", Kind.TIME);
    private static final Metric<SideBySideResult> COMPACTION_CPU = new Metric<>("  node CPU us/compacted row",
            r -> r.load.compactCpuMicrosPerRow, true, "%.1f", "CPU per compacted row", Kind.RATIO);
    private static final Metric<SideBySideResult> SIZE = new Metric<>("Data.db MiB", r -> r.sstableBytes / 1048576.0,
            true, "%.2f", "size", Kind.SIZE);
    private static final Metric<SideBySideResult> MIXED = new Metric<>("mixed 50/50 ops/s", r -> r.mixedOpsPerSecond,
            false, "%,.0f", "mixed throughput", Kind.RATIO);
    private static final Metric<SideBySideResult> MIXED_CPU = new Metric<>("  node CPU us/op",
            r -> r.mixedCpuMicrosPerOp, true, "%.0f", "CPU per op", Kind.RATIO);
    private static final Metric<SideBySideResult> READ_P99 = new Metric<>("  read p99 ms", r -> r.readP99, true,
            "%.2f", "read p99", Kind.RATIO);
    private static final Metric<SideBySideResult> WRITE_P99 = new Metric<>("  write p99 ms", r -> r.writeP99, true,
            "%.2f", "write p99", Kind.RATIO);

    private static final List<Metric<SideBySideResult>> ALL = List.of(LOAD, LOAD_CPU, FLUSH, COMPACTION,
            COMPACTION_CPU, SIZE, MIXED, MIXED_CPU, READ_P99, WRITE_P99);
    /** What the one-line verdict names; on a 2-core machine CPU per operation before throughput. */
    private static final List<Metric<SideBySideResult>> VERDICT = List.of(COMPACTION, COMPACTION_CPU, MIXED_CPU,
            MIXED, SIZE);

    private final List<SideBySideResult> agent;
    private final List<SideBySideResult> stock;
    private final List<Boolean> agentFirst;
    private final StringBuilder text = new StringBuilder();

    /** Round i: agent.get(i) and stock.get(i), the agent's node first when agentFirst.get(i). */
    SideBySideReport(List<SideBySideResult> agent, List<SideBySideResult> stock, List<Boolean> agentFirst) {
        this.agent = agent;
        this.stock = stock;
        this.agentFirst = agentFirst;
    }

    String render(SideBySideOptions options) {
        StringBuilder order = new StringBuilder();
        agentFirst.forEach(a -> order.append(a ? "A-B " : "B-A "));
        text.append(fmt("DeflateCompressor table, %d KiB chunks, %,d rows; A = with agent (libdeflate), B = without;"
                + " order %s(runs listed in round order)%n%n", options.chunkKb, options.rows, order));
        row("", "with agent", "without agent", "agent/stock", "judgement");
        Map<Metric<SideBySideResult>, Finding> findings = new HashMap<>();
        for (Metric<SideBySideResult> m : ALL) {
            Finding f = Verdict.judge(m.finding, m.kind, rounds(m));
            findings.put(m, f);
            row(m.name, each(agent, m::format), each(stock, m::format), f.ratio.format("%.2f"),
                    f.real ? "real" : "within noise");
        }
        List<Finding> verdict = new ArrayList<>();
        VERDICT.forEach(m -> verdict.add(findings.get(m)));
        row("failed requests / wrong reads", each(agent, r -> fmt("%d/%d", r.failures, r.wrongReads)),
                each(stock, r -> fmt("%d/%d", r.failures, r.wrongReads)), "", "");
        text.append('\n');
        for (int i = 0; i < agent.size(); i++) {
            engines(i + 1, agent.get(i));
        }
        checkLines("with agent", agent);
        checkLines("without agent", stock);
        String shared = MachineDescription.sharedCoresNote();
        if (!shared.isEmpty()) {
            text.append('\n').append(shared).append('\n');
        }
        text.append("\n\"real\": at least " + Verdict.MIN_ROUNDS + " rounds, the same direction in both orders and a"
                + " difference above the spread between one side's runs; otherwise \"within noise\".\n");
        text.append("\nVerdict: ").append(Verdict.line(verdict)).append('\n');
        return text.toString();
    }

    private List<Round> rounds(Metric<SideBySideResult> m) {
        return IntStream.range(0, agent.size()).mapToObj(i -> new Round(m.value.applyAsDouble(agent.get(i)),
                m.value.applyAsDouble(stock.get(i)), agentFirst.get(i))).collect(Collectors.toList());
    }

    private static String each(List<SideBySideResult> side, Function<SideBySideResult, String> cell) {
        return side.stream().map(cell).collect(Collectors.joining(", "));
    }

    /** Per direction, the engines that did anything on the agent's node in run {@code n}. */
    private void engines(int n, SideBySideResult r) {
        for (String direction : EngineStats.DIRECTIONS) {
            List<String> parts = new ArrayList<>();
            EngineStats stats = r.engines.stats;
            if (stats == null || !stats.agentLoaded()) {
                parts.add("AGENT NOT LOADED");
            } else {
                for (String engine : EngineStats.ENGINES) {
                    EngineCounters c = stats.get(engine, direction);
                    if (c.operations > 0 || c.fallbacks > 0) {
                        parts.add(fmt("%s %,d ops, %,d fallbacks", engine, c.operations, c.fallbacks));
                    }
                }
            }
            text.append(fmt("engines, agent run %d, %-10s %s%n", n, direction + ":",
                    parts.isEmpty() ? "no calls" : String.join("; ", parts)));
        }
    }

    private void checkLines(String side, List<SideBySideResult> runs) {
        for (int i = 0; i < runs.size(); i++) {
            if (!runs.get(i).dataCheck.startsWith("ok")) {
                text.append(side).append(", round ").append(i + 1).append(" read-back: ").append(runs.get(i).dataCheck)
                        .append('\n');
            }
        }
    }

    private void row(String label, String a, String b, String ratio, String judgement) {
        text.append(pad(label, LABEL)).append(pad(a, COLUMN)).append(pad(b, COLUMN)).append(pad(ratio, COLUMN))
                .append(judgement).append('\n');
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
