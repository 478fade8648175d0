package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportWriter;
import dev.deflateaccel.lab.tools.Spread;

/** The codec-share report (issue 43 item 4): the agent's share beside perf's, and advise's predictions against the savings. */
final class CodecShareReport {

    private CodecShareReport() {
    }

    static RunReport.Definition<CodecShareResult> definition() {
        List<Metric<CodecShareResult>> table = new ArrayList<>();
        for (String w : CodecShareResult.WINDOWS) {
            table.add(metric(w, "codec share, agent %", r -> r.windows.get(w).agentShare));
            table.add(metric(w, "codec libraries, perf %", r -> r.perfCodec(w)));
            table.add(new Metric<>(w + ": agent / perf", r -> r.windows.get(w).agentShare / r.perfCodec(w), true, "%.2f"));
            table.add(metric(w, "agent - perf, points", r -> r.windows.get(w).agentShare - r.perfCodec(w)));
            for (int d = 0; d < 2; d++) {
                int direction = d;
                String name = EngineStats.DIRECTIONS.get(d);
                table.add(metric(w, name + " share, agent %", r -> r.windows.get(w).directionShare[direction]));
                table.add(metric(w, name + " CPU us/call", r -> r.windows.get(w).cpuMicrosPerCall[direction]));
                table.add(new Metric<>(w + ": " + name + " calls per request",
                        r -> r.windows.get(w).callsPerRequest[direction], true, "%.3f"));
            }
            for (String[] object : List.of(CodecShareResult.JNA, new String[] {"libzip.so"}, new String[] {"libc.so"},
                    new String[] {"libjvm.so"})) {
                table.add(metric(w, "perf " + object[0] + " %", r -> r.windows.get(w).perf(object)));
            }
            table.add(new Metric<>(w + ": compactions pending at start", r -> r.windows.get(w).pendingAtStart, true, "%.0f"));
            table.add(new Metric<>(w + ": compactions pending at end", r -> r.windows.get(w).pendingAtEnd, true, "%.0f"));
            table.add(new Metric<>(w + ": ops/s", r -> r.windows.get(w).opsPerSecond, false, "%.0f"));
            table.add(metric(w, "machine probe, inflate us/chunk", r -> r.windows.get(w).probe()));
            table.add(metric(w, "vcpu stall ms/s", r -> r.windows.get(w).vcpuStallMsPerSecond));
            // A repetition whose calls cost more only because the machine was slower has the same figure here.
            table.add(new Metric<>(w + ": decompress CPU per call over the probe's",
                    r -> r.windows.get(w).cpuMicrosPerCall[1] / r.windows.get(w).probe(), true, "%.2f"));
        }
        RunReport.Definition<CodecShareResult> d = new RunReport.Definition<>(
                "deflate-accel codec share: the agent against perf", table, List.of(), List.of(), null, null,
                CodecShareReport::runLine, r -> r.engines.line, List.of("codec share, agent: the engines' CpuNanos"
                + " (every engine and direction, engine=cassandra included; CodecClock times one call in 32 with the"
                + " thread's CPU clock) over the node's utime+stime (/proc/<pid>/stat), both read before and after the"
                + " window. perf: `perf record -F 499 -p <node>` over the same window, `perf report --sort dso`:"
                + " percent of the node's samples by shared object; codec libraries: libz.so for Cassandra's code"
                + " (java.util.zip calls the system zlib on this JDK), the engine's library plus JNA's dispatch library"
                + " (libjnidispatch or jna*.tmp) for an engine. The agent's figure also holds what perf books elsewhere:"
                + " JNI and JNA's Java side (libjvm, JIT code), the copies to and from native memory (libc), libzip:"
                + " \"agent - perf\" is how much.",
                "windows: after the load, flush, major compaction and an unmeasured stretch of the mixed load, the"
                + " side-by-side's mixed load (50% checked point reads, 50% inserts), then reads only (5.0's chunk"
                + " cache is off by default: each read decompresses a chunk); reads closed loop, the mixed load closed loop or at"
                + " the fixed rate the facts above give (open loop: every configuration serves the same requests). Every node:"
                + " memtable_heap_space 16MiB (the mixed window flushes, with LZ4 as stock's flush_compression fast"
                + " does, and its compactions compress with Deflate), compaction_throughput 0MiB/s.",
                "calls per request: the agent's calls in that direction (every engine) over the window's requests;"
                + " compactions pending: Cassandra's Compaction.PendingTasks gauge, read over JMX at the window's"
                + " start and end.",
                "machine probe: the CPU time of inflating one fixed 16 KiB chunk with java.util.zip (the system"
                + " zlib) in the lab's JVM, median of 7 batches of 150 ms, just before and just after the window"
                + " (the mean of the two): this VM's host is shared and reports no steal, so a slower repetition"
                + " may be a slower machine. vcpu stall: the time the machine's CPUs ran nothing at all during the"
                + " window (VcpuStalls: a meter pinned to each CPU), which the node's CPU clocks count as the"
                + " running threads' and perf does not sample. perf's heaviest symbols per thread name (JIT code by method, from the"
                + " node's Compiler.perfmap) are kept beside each window's perf data as <data>.symbols.",
                "predicted: on the cassandra run (every engine off), right after each window, `advise --json --seconds"
                + " 10 --node-cpu <jmx port> <table folder>`, whose share is the agent's last minute, read before"
                + " advise samples anything (a second or two after the window's end). Measured saving:"
                + " that run's agent share minus the engine run's, same repetition. Each share is of its node's own"
                + " CPU; in a closed loop a faster codec also serves more requests, and its compactions then have more"
                + " to write, which the columns at the runs' CPU per call leave out."));
        d.section = CodecShareReport::predictions;
        return d;
    }

    private static Metric<CodecShareResult> metric(String window, String name, ToDoubleFunction<CodecShareResult> value) {
        return new Metric<>(window + ": " + name, value, true, "%.1f");
    }

    private static String runLine(CodecShareResult r) {
        StringBuilder s = new StringBuilder();
        r.windows.forEach((name, w) -> {
            // The compactions pending per run, not only their median: a window that began with a backlog held
            // compaction work the others did not, which is what a repetition's miss is checked against.
            s.append(String.format(Locale.ROOT, "%s: agent %.1f%%, perf %.1f%%, %,.0f ops/s, CPU per call %.1f us"
                    + " compressing and %.1f decompressing, compactions pending %.0f at start, %.0f at end, probe %.1f us"
                    + " before, %.1f after, vcpu stalled %.1f ms/s; perf top:", name, w.agentShare, r.perfCodec(name),
                    w.opsPerSecond, w.cpuMicrosPerCall[0], w.cpuMicrosPerCall[1], w.pendingAtStart, w.pendingAtEnd,
                    w.probeBefore, w.probeAfter, w.vcpuStallMsPerSecond));
            w.perf.entrySet().stream().limit(8).forEach(e -> s.append(String.format(Locale.ROOT, " %s %.1f%%",
                    e.getKey(), e.getValue())));
            s.append(w.perfProblem == null ? "" : " none: " + w.perfProblem);
            s.append(w.adviseLine.isEmpty() ? "; " : "; advise: " + w.adviseLine + "; ");
        });
        return s.append(String.format(Locale.ROOT, "failures %d, wrong reads %d", r.failures, r.wrongReads)).toString();
    }

    /**
     * Each engine's predicted saving against the measured one, repetition by repetition, in points of stock's CPU for
     * the same work: the engine run's own share is of its own, smaller CPU per request, so it is taken to stock's.
     */
    static String predictions(Map<SteadyConfig, List<CodecShareResult>> results) {
        List<CodecShareResult> stock = results.values().iterator().next();
        MarkdownTable table = new MarkdownTable("window", "engine (advise's row)", "stock share, agent %>",
                "advise's share %>", "predicted share %>", "engine run's share %>", "in stock's CPU per request %>",
                "predicted saving, points>", "measured saving, points>", "predicted / measured saving>",
                "measured at the runs' CPU per call, points>", "predicted / that>",
                "predicted saving at the window's share, points>", "that / measured at CPU per call>");
        for (String w : CodecShareResult.WINDOWS) {
            for (Map.Entry<SteadyConfig, List<CodecShareResult>> e : results.entrySet()) {
                String row = CodecShareRun.ADVISE_ROWS.get(e.getKey().name);
                if (row == null) {
                    continue;
                }
                // Per repetition: the ten columns' values; then each column's median (min-max).
                List<double[]> reps = new ArrayList<>();
                for (int i = 0; i < Math.min(stock.size(), e.getValue().size()); i++) {
                    CodecShareResult.Window s = stock.get(i).windows.get(w);
                    CodecShareResult.Window x = e.getValue().get(i).windows.get(w);
                    double predicted = s.predicted.getOrDefault(row, Double.NaN);
                    double inStockTerms = x.agentShare * x.cpuSecondsPerOp / s.cpuSecondsPerOp;
                    // advise's minute is not exactly the window's (before fdfed29 it ended 10 s and more after it,
                    // with the load stopped and compactions running): its saving is also taken as a fraction of it.
                    double atWindowShare = s.agentShare * (1 - predicted / s.adviseShare);
                    reps.add(new double[] {s.agentShare, s.adviseShare, predicted, x.agentShare, inStockTerms,
                            s.adviseShare - predicted, s.agentShare - inStockTerms,
                            (s.adviseShare - predicted) / (s.agentShare - inStockTerms), s.savingAtCpuPerCallOf(x),
                            (s.adviseShare - predicted) / s.savingAtCpuPerCallOf(x), atWindowShare,
                            atWindowShare / s.savingAtCpuPerCallOf(x)});
                }
                List<Object> cells = new ArrayList<>(List.of(w, e.getKey().name + " (" + row + ")"));
                for (int c = 0; c < 12; c++) {
                    int column = c;
                    cells.add(Spread.of(reps.stream().mapToDouble(v -> v[column]).toArray())
                            .format(c == 7 || c == 9 || c == 11 ? "%.2f" : "%.1f"));
                }
                table.row(cells.toArray());
            }
        }
        return new ReportWriter("").section("Predicted against measured").paragraph("advise --node-cpu's prediction"
                + " on the cassandra run against the engine run of the same repetition; median (min-max) over the"
                + " repetitions. Predicted saving: advise's share minus its predicted share, both of stock's CPU."
                + " Measured: the cassandra run's agent share minus the engine run's, the latter taken to stock's"
                + " CPU per request (times the engine run's node CPU per request over the cassandra run's); and, for"
                + " the same codec work whatever each window held, the cassandra run's share in each direction times"
                + " one minus the engine run's CPU per call (a chunk) over its own. advise's minute is not exactly"
                + " the window (it ends a second or two later and may begin a few seconds before it), so the last two"
                + " columns take its predicted saving as a fraction of its own share (1 - predicted / advise's share)"
                + " times the window's share.")
                .table(table).render();
    }
}
