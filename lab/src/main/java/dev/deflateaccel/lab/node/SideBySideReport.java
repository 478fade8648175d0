package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

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

    /** One printed measurement. */
    private static final class Measurement {
        final String label;
        final String name;
        final Kind kind;
        final ToDoubleFunction<SideBySideResult> value;
        final String format;

        Measurement(String label, String name, Kind kind, ToDoubleFunction<SideBySideResult> value, String format) {
            this.label = label;
            this.name = name;
            this.kind = kind;
            this.value = value;
            this.format = format;
        }
    }

    private static final Measurement LOAD = new Measurement("load rows/s", "load throughput", Kind.RATIO,
            r -> r.loadRowsPerSecond, "%,.0f");
    private static final Measurement LOAD_CPU = new Measurement("  node CPU us/row", "CPU per write", Kind.RATIO,
            r -> r.loadCpuMicrosPerRow, "%.1f");
    private static final Measurement FLUSH = new Measurement("flush s (LZ4 in stock 5.0)", "flush", Kind.TIME,
            r -> r.flushSeconds, "%.2f");
    private static final Measurement COMPACTION = new Measurement("major compaction s (server log)", "compaction",
            Kind.TIME, r -> Double.isNaN(r.serverCompactionSeconds) ? r.compactionSeconds : r.serverCompactionSeconds,
            "%.2f");
    private static final Measurement COMPACTION_CPU = new Measurement("  node CPU us/compacted row",
            "CPU per compacted row", Kind.RATIO, r -> r.compactionCpuMicrosPerRow, "%.1f");
    private static final Measurement SIZE = new Measurement("Data.db MiB", "size", Kind.SIZE,
            r -> r.sstableBytes / 1048576.0, "%.2f");
    private static final Measurement MIXED = new Measurement("mixed 50/50 ops/s", "mixed throughput", Kind.RATIO,
            r -> r.mixedOpsPerSecond, "%,.0f");
    private static final Measurement MIXED_CPU = new Measurement("  node CPU us/op", "CPU per op", Kind.RATIO,
            r -> r.mixedCpuMicrosPerOp, "%.0f");
    private static final Measurement READ_P99 = new Measurement("  read p99 ms", "read p99", Kind.RATIO,
            r -> r.readP99, "%.2f");
    private static final Measurement WRITE_P99 = new Measurement("  write p99 ms", "write p99", Kind.RATIO,
            r -> r.writeP99, "%.2f");

    private static final List<Measurement> ALL = List.of(LOAD, LOAD_CPU, FLUSH, COMPACTION, COMPACTION_CPU, SIZE, MIXED,
            MIXED_CPU, READ_P99, WRITE_P99);
    /** What the one-line verdict names; on a 2-core machine CPU per operation before throughput. */
    private static final List<Measurement> VERDICT = List.of(COMPACTION, COMPACTION_CPU, MIXED_CPU, MIXED, SIZE);

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
        java.util.Map<Measurement, Finding> findings = new java.util.HashMap<>();
        for (Measurement m : ALL) {
            Finding f = Verdict.judge(m.name, m.kind, rounds(m));
            findings.put(m, f);
            row(m.label, runs(agent, m), runs(stock, m), f.ratio.format("%.2f"), f.real ? "real" : "within noise");
        }
        List<Finding> verdict = new ArrayList<>();
        VERDICT.forEach(m -> verdict.add(findings.get(m)));
        row("failed requests / wrong reads", each(agent, r -> fmt("%d/%d", r.failures, r.wrongReads)),
                each(stock, r -> fmt("%d/%d", r.failures, r.wrongReads)), "", "");
        text.append('\n');
        for (int i = 0; i < agent.size(); i++) {
            engines(i + 1, agent.get(i));
        }
        for (SideBySideResult r : agent) {
            checkLine(r);
        }
        for (SideBySideResult r : stock) {
            checkLine(r);
        }
        String shared = MachineDescription.sharedCoresNote();
        if (!shared.isEmpty()) {
            text.append('\n').append(shared).append('\n');
        }
        text.append("\n\"real\": at least " + Verdict.MIN_ROUNDS + " rounds, the same direction in both orders and a"
                + " difference above the spread between one side's runs; otherwise \"within noise\".\n");
        text.append("\nVerdict: ").append(Verdict.line(verdict)).append('\n');
        return text.toString();
    }

    private List<Round> rounds(Measurement m) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < agent.size(); i++) {
            rounds.add(new Round(m.value.applyAsDouble(agent.get(i)), m.value.applyAsDouble(stock.get(i)), agentFirst.get(i)));
        }
        return rounds;
    }

    private static String runs(List<SideBySideResult> side, Measurement m) {
        return each(side, r -> fmt(m.format, m.value.applyAsDouble(r)));
    }

    private static String each(List<SideBySideResult> side, java.util.function.Function<SideBySideResult, String> cell) {
        List<String> cells = new ArrayList<>();
        side.forEach(r -> cells.add(cell.apply(r)));
        return String.join(", ", cells);
    }

    /** Per direction, the engines that did anything on the agent's node in run {@code n}. */
    private void engines(int n, SideBySideResult r) {
        for (String direction : EngineStats.DIRECTIONS) {
            List<String> parts = new ArrayList<>();
            if (r.engines == null || !r.engines.agentLoaded()) {
                parts.add("AGENT NOT LOADED");
            } else {
                for (String engine : EngineStats.ENGINES) {
                    EngineCounters c = r.engines.get(engine, direction);
                    if (c.operations > 0 || c.fallbacks > 0) {
                        parts.add(fmt("%s %,d ops, %,d fallbacks", engine, c.operations, c.fallbacks));
                    }
                }
            }
            text.append(fmt("engines, agent run %d, %-10s %s%n", n, direction + ":",
                    parts.isEmpty() ? "no calls" : String.join("; ", parts)));
        }
    }

    private void checkLine(SideBySideResult r) {
        if (!r.dataCheck.startsWith("ok")) {
            text.append(r.label).append(" read-back: ").append(r.dataCheck).append('\n');
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
