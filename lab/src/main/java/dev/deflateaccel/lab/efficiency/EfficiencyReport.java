package dev.deflateaccel.lab.efficiency;

import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportHeader;

/** The efficiency run as markdown: the verdicts, every repetition, and what both sides shared. */
public final class EfficiencyReport {
    private final ReportHeader header;
    private final EfficiencyOptions options;
    private final EfficiencyResults results;

    public EfficiencyReport(ReportHeader header, EfficiencyOptions options, EfficiencyResults results) {
        this.header = header;
        this.options = options;
        this.results = results;
    }

    public String render() {
        StringBuilder md = new StringBuilder(header.render("Efficiency against C: the agent over the same library "
                + "called from C, interleaved per repetition"));
        if (results.failure != null) {
            md.append("> **FAILED:** ").append(results.failure.replace("\n", "\n> ")).append("\n\n");
        }
        if (options.reps < EfficiencyVerdict.MIN_REPETITIONS) {
            md.append("> **").append(options.reps).append(" repetition(s)**: a smoke run, no verdict (issue 12 asks "
                    + "for at least ").append(EfficiencyVerdict.MIN_REPETITIONS).append(").\n\n");
        }
        if (options.cCapacity > 0) {
            md.append("> **The C side was given ").append(options.cCapacity).append(" bytes of output room**, not the "
                    + "agent side's: an investigation run, not the efficiency measurement.\n\n");
        }
        md.append("How to read: one process tree (this runner, `native_ref --serve` and one agent JVM per engine, "
                + "all warm, only one measuring at a time). In every repetition, for every engine and direction, the C "
                + "side and the agent side measure back to back, C first in odd repetitions and the agent first in even "
                + "ones. Both sides time the same thing the same way: one round = whole passes over every chunk until "
                + "at least ").append(options.seconds).append(" s have gone by (monotonic clock around the round); a "
                + "side's number in a repetition is the **median** of its ").append(options.rounds)
                .append(" rounds. agent / C is taken per repetition; the table gives its median (min–max) over the "
                + "repetitions. MB/s = 10^6 uncompressed bytes per second. The agent side calls Cassandra's real "
                + "`DeflateCompressor` (heap buffers, as SSTable writers use) with the agent routed to the engine, so "
                + "its number includes the bridge: JNA call, staging copies, routing, statistics. Target (issue 12): a "
                + "median of at least ").append(EfficiencyVerdict.TARGET).append(" for both engines in both "
                + "directions.\n\n");
        appendSummary(md);
        appendRepetitions(md);
        appendSameWork(md);
        return md.toString();
    }

    private void appendSummary(StringBuilder md) {
        md.append("## Summary\n\n");
        MarkdownTable table = new MarkdownTable("engine", "direction", "agent / C, median (min–max)>",
                "C MB/s, median (min–max)>", "agent MB/s, median (min–max)>", "target ≥ 0.95");
        for (String engine : options.engines) {
            for (String direction : EfficiencyRunner.DIRECTIONS) {
                List<RepetitionSample> samples = results.of(engine, direction);
                if (samples.isEmpty()) {
                    table.row(engine + " " + options.level(engine), direction, "not measured", "", "", "");
                    continue;
                }
                EfficiencyVerdict v = new EfficiencyVerdict(samples);
                table.row(engine + " " + options.level(engine), direction, v.ratio.ratio(), v.cMbps.mbps(),
                        v.agentMbps.mbps(), v.describe());
            }
        }
        md.append(table.render());
    }

    private void appendRepetitions(StringBuilder md) {
        md.append("## Every repetition\n\n");
        MarkdownTable table = new MarkdownTable("rep", "order", "engine", "direction", "C MB/s, median (min–max) of rounds>",
                "agent MB/s, median (min–max) of rounds>", "agent / C>", "CPU used by others in this rep");
        for (int rep = 1; rep <= options.reps; rep++) {
            for (String engine : options.engines) {
                for (String direction : EfficiencyRunner.DIRECTIONS) {
                    for (RepetitionSample s : results.of(engine, direction)) {
                        if (s.repetition == rep) {
                            table.row(rep, InterleavedSchedule.describe(rep), engine, direction, s.c.mbps(),
                                    s.agent.mbps(), String.format(java.util.Locale.ROOT, "%.3f", s.ratio()),
                                    rep <= results.repetitionLoad.size() ? results.repetitionLoad.get(rep - 1) : "");
                        }
                    }
                }
            }
        }
        md.append(table.render());
    }

    private void appendSameWork(StringBuilder md) {
        md.append("## The same work on both sides\n\n");
        md.append("- Chunks: ").append(results.chunks).append(" × ").append(options.chunkBytes()).append(" bytes of ")
                .append(options.dataset).append(", cut by the runner and written to one file that both sides read "
                        + "(the short tail dropped)\n");
        md.append("- Output room per compress call: agent ").append(results.agentCapacity)
                .append(" bytes (Cassandra's `initialCompressedBufferLength`), C ").append(results.cCapacity)
                .append(" bytes").append(results.agentCapacity == results.cCapacity ? " (the same)" : " (DIFFERENT)")
                .append('\n');
        md.append("- libdeflate (C build): ").append(results.libdeflateVersion).append('\n');
        for (String engine : options.engines) {
            md.append("- ").append(engine).append(" level ").append(options.level(engine))
                    .append(", compressed/raw: C ").append(results.cRatio.getOrDefault(engine, "?")).append(", agent ")
                    .append(results.agentRatio.getOrDefault(engine, "?"))
                    .append(" (equal when both ran the same library at the same level)\n");
        }
        md.append("- Decompression: each side inflates its own output\n\n");
        md.append("Engine checks (agent statistics at the end of each agent JVM):\n\n");
        for (Map.Entry<String, String> check : results.engineChecks.entrySet()) {
            md.append("- ").append(check.getKey()).append(": ").append(check.getValue()).append('\n');
        }
        md.append('\n');
        for (Map.Entry<String, String> config : results.agentConfigs.entrySet()) {
            md.append("Agent config (").append(config.getKey()).append("):\n\n```\n").append(config.getValue())
                    .append("```\n\n");
        }
    }
}
