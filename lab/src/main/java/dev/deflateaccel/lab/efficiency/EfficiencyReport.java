package dev.deflateaccel.lab.efficiency;

import java.util.List;
import java.util.Locale;

import dev.deflateaccel.lab.experiment.Ordering;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.lab.tools.ReportWriter;

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
        ReportWriter md = new ReportWriter(header, "Efficiency against C: the agent over the same library called from "
                + "C, interleaved per repetition");
        if (results.failure != null) {
            md.warning("**FAILED:** " + results.failure.replace("\n", "\n> "));
        }
        if (options.reps < EfficiencyVerdict.MIN_REPETITIONS) {
            md.warning("**" + options.reps + " repetition(s)**: a smoke run, no verdict (issue 12 asks for at least "
                    + EfficiencyVerdict.MIN_REPETITIONS + ").");
        }
        if (options.cCapacity > 0) {
            md.warning("**The C side was given " + options.cCapacity + " bytes of output room**, not the agent side's: "
                    + "an investigation run, not the efficiency measurement.");
        }
        md.paragraph("How to read: one process tree (this runner, `native_ref --serve` and one agent JVM per engine, "
                + "all warm, only one measuring at a time). In every repetition, for every engine and direction, the C "
                + "side and the agent side measure back to back, C first in odd repetitions and the agent first in even "
                + "ones. Both sides time the same thing the same way: one round = whole passes over every chunk until "
                + "at least " + options.seconds + " s have gone by (monotonic clock around the round); a side's number "
                + "in a repetition is the **median** of its " + options.rounds + " rounds. agent / C is taken per "
                + "repetition; the table gives its median (min–max) over the repetitions. MB/s = 10^6 uncompressed "
                + "bytes per second. The agent side calls Cassandra's real `DeflateCompressor` (heap buffers, as "
                + "SSTable writers use) with the agent routed to the engine, so its number includes the bridge: JNA "
                + "call, staging copies, routing, statistics. Target (issue 12): a median of at least "
                + EfficiencyVerdict.TARGET + " for both engines in both directions.");
        appendSummary(md);
        appendRepetitions(md);
        appendSameWork(md);
        return md.render();
    }

    private void appendSummary(ReportWriter md) {
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
        md.section("Summary").table(table);
    }

    private void appendRepetitions(ReportWriter md) {
        MarkdownTable table = new MarkdownTable("rep", "order", "engine", "direction", "C MB/s, median (min–max) of rounds>",
                "agent MB/s, median (min–max) of rounds>", "agent / C>", "CPU used by others in this rep");
        for (int rep = 1; rep <= options.reps; rep++) {
            for (String engine : options.engines) {
                for (String direction : EfficiencyRunner.DIRECTIONS) {
                    for (RepetitionSample s : results.of(engine, direction)) {
                        if (s.repetition == rep) {
                            table.row(rep, Ordering.ALTERNATED.describe(EfficiencyRunner.SIDES, rep), engine, direction,
                                    s.c.mbps(), s.agent.mbps(), String.format(Locale.ROOT, "%.3f", s.ratio()),
                                    rep <= results.repetitionLoad.size() ? results.repetitionLoad.get(rep - 1) : "");
                        }
                    }
                }
            }
        }
        md.section("Every repetition").table(table);
    }

    private void appendSameWork(ReportWriter md) {
        Run anyAgent = results.agentSides.values().stream().reduce((first, second) -> second).orElse(null);
        String agentCapacity = EfficiencyResults.ready(anyAgent, "capacity");
        String cCapacity = options.cCapacity > 0 ? Integer.toString(options.cCapacity) : agentCapacity;
        md.section("The same work on both sides")
                .item("Chunks: " + EfficiencyResults.ready(anyAgent, "chunks") + " × " + options.chunkBytes()
                        + " bytes of " + options.dataset + ", cut by the runner and written to one file that both "
                        + "sides read (the short tail dropped)")
                .item("Output room per compress call: agent " + agentCapacity + " bytes (Cassandra's "
                        + "`initialCompressedBufferLength`), C " + cCapacity + " bytes"
                        + (agentCapacity.equals(cCapacity) ? " (the same)" : " (DIFFERENT)"))
                .item("libdeflate (C build): " + EfficiencyResults.ready(results.cSide, "libdeflate"));
        for (String engine : options.engines) {
            md.item(engine + " level " + options.level(engine) + ", compressed/raw: C "
                    + EfficiencyResults.ready(results.cSide, "ratio_" + engine) + ", agent "
                    + EfficiencyResults.ready(results.agentSides.get(engine), "ratio")
                    + " (equal when both ran the same library at the same level)");
        }
        md.item("Decompression: each side inflates its own output").endList();
        md.paragraph("Engine checks (agent statistics at the end of each agent JVM):");
        for (Run agent : results.agentSides.values()) {
            if (!agent.check.isEmpty()) {
                md.item(agent.configuration.engine + ": " + (agent.usable() ? "OK " : "FAILED ") + agent.check);
            }
        }
        md.endList();
        for (Run agent : results.agentSides.values()) {
            md.code("Agent config (" + agent.configuration.engine + ")", agent.configuration.agentConfig);
        }
    }
}
