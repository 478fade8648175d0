package dev.deflateaccel.lab.chunk;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.tools.AgentJar;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ReportWriter;

/** Renders everything the chunk benchmark measured in one invocation as one markdown document. */
public final class ResultsReport {
    private final RunnerOptions options;
    private final Map<String, String> machine;
    private final List<ConfigurationOutcome> outcomes;
    private final NativeResults nativeResults;
    private final String startedAt;
    private final double totalSeconds;
    private final String runLoad;
    // Sections in a fixed order, whatever order the options named them in.
    private final Set<String> datasets;
    private final Set<Integer> chunkKiBs;

    public ResultsReport(RunnerOptions options, Map<String, String> machine, List<ConfigurationOutcome> outcomes,
                         NativeResults nativeResults, String startedAt, double totalSeconds, String runLoad) {
        this.options = options;
        this.machine = machine;
        this.outcomes = outcomes;
        this.nativeResults = nativeResults;
        this.startedAt = startedAt;
        this.totalSeconds = totalSeconds;
        this.runLoad = runLoad;
        this.datasets = new TreeSet<>(options.datasets);
        this.chunkKiBs = new TreeSet<>(options.chunkKiBs);
    }

    public String render() {
        StringBuilder header = new StringBuilder("# Chunk benchmark: Cassandra compressors, stock vs deflate-accel agent\n\n");
        header.append("- Started: ").append(startedAt).append(", took ").append(Numbers.seconds(totalSeconds)).append('\n');
        header.append("- Mode: ").append(options.describe()).append('\n');
        machine.forEach((label, value) -> header.append("- ").append(label).append(": ").append(value).append('\n'));
        ReportWriter md = new ReportWriter(header.toString())
                .item("libdeflate (C reference build): " + nativeResults.libdeflateVersion)
                .item("Agent jar: " + AgentJar.describe(options.agentJar))
                .item("CPU used by others during the run: " + runLoad).endList();
        appendDisturbanceWarning(md);
        md.paragraph("How to read: one JMH operation = one chunk through Cassandra's real ICompressor "
                + "(`compress(ByteBuffer, ByteBuffer)` / `uncompress(ByteBuffer, ByteBuffer)`, buffers of the compressor's "
                + "preferred type: heap for Deflate, direct for LZ4/Zstd), one thread. MB/s = 10^6 bytes of *uncompressed* "
                + "data per second in both directions (= JMH ops/s x chunk bytes). Each row decompresses what it "
                + "compressed itself (igzip rows inflate igzip output, stock rows zlib output). "
                + "JMH cells: mean ± 99.9% CI half-width "
                + "over all measured iterations of all forks; C cells: median of the repetitions. ratio = compressed bytes / "
                + "uncompressed bytes over all chunks (lower is better; like nodetool's \"SSTable Compression Ratio\"). "
                + "\"vs stock\" = row MB/s / stock DeflateCompressor MB/s; \"vs C\" = agent MB/s / MB/s of the same library "
                + "called from C on the same chunks (the agent's efficiency). The C reference runs before the JMH "
                + "configurations, so \"vs C\" compares measurements a minute or two apart: on a shared VM the speed "
                + "of the same code can drift that much, so repeat (or use --full) before trusting a few percent.");
        for (String dataset : datasets) {
            for (int chunkKiB : chunkKiBs) {
                appendScenarioTable(md, dataset, chunkKiB);
            }
        }
        boolean anyFailure = false;
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.failure != null) {
                md.raw(anyFailure ? "" : "## Failures\n\n").raw("- **" + outcome.configuration.label + "**: "
                        + outcome.failure + "\n");
                anyFailure = true;
            }
        }
        if (anyFailure) {
            md.endList();
        }
        appendDetails(md);
        md.section("Engine checks (from each fork's agent MBeans)");
        for (ConfigurationOutcome outcome : outcomes) {
            md.raw("- " + outcome.configuration.label + ":" + (outcome.skipped != null ? " not run" : "") + "\n");
            for (String check : outcome.skipped != null ? List.<String>of() : outcome.engineChecks) {
                md.raw("  - " + check + "\n");
            }
        }
        md.endList();
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.agentConfig != null) {
                md.code("Agent config for \"" + outcome.configuration.label + "\"", outcome.agentConfig);
            }
        }
        return md.render();
    }

    /** Numbers taken while something else ran are too low; say so where nobody can miss it. */
    private void appendDisturbanceWarning(ReportWriter md) {
        StringBuilder parts = new StringBuilder();
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.disturbed) {
                parts.append(parts.length() == 0 ? "" : "; ").append(outcome.configuration.label).append(" (")
                        .append(outcome.load).append(')');
            }
        }
        if (nativeResults.disturbed) {
            parts.append(parts.length() == 0 ? "" : "; ").append("C reference (").append(nativeResults.load)
                    .append(')');
        }
        if (parts.length() > 0) {
            md.warning("**WARNING: the machine was busy.** Other processes or the hypervisor took more than "
                    + Math.round(MachineLoad.DISTURBED * 100) + "% of the CPU while these ran, so their numbers are too "
                    + "low and the ratios between rows are unreliable: " + parts + ". Re-run on a quiet machine.");
        }
    }

    private void appendScenarioTable(ReportWriter md, String dataset, int chunkKiB) {
        String scenario = ScenarioResult.scenario(dataset, chunkKiB);
        md.section(dataset + (Datasets.GENERATED.equals(dataset) ? " (generated Cassandra-like rows)" : "") + ", "
                + chunkKiB + " KiB chunks");
        MarkdownTable table = new MarkdownTable("configuration", "compress MB/s>", "decompress MB/s>", "ratio>",
                "compress vs stock>", "decompress vs stock>", "compress vs C>", "decompress vs C>");
        ScenarioResult stock = new ScenarioResult();
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.configuration == BenchConfiguration.STOCK && outcome.usable()) {
                stock = outcome.results.getOrDefault(scenario, stock);
            }
        }
        for (ConfigurationOutcome outcome : outcomes) {
            ScenarioResult r = outcome.results.get(scenario);
            String problem = outcome.skipped != null ? "not run: " + outcome.skipped
                    : outcome.failure != null ? "**FAILED** (see below)"
                    : r == null || r.compress == null || r.decompress == null ? "no result" : null;
            if (problem != null) {
                table.row(outcome.configuration.label, problem, "", "", "", "", "", "");
                continue;
            }
            ScenarioResult c = nativeResults.get(scenario, outcome.configuration.expectedEngine);
            table.row(outcome.configuration.label, r.compress.withError(), r.decompress.withError(), ratio(r.ratio),
                    times(r.compress, stock.compress), times(r.decompress, stock.decompress),
                    c == null ? "" : percent(r.compress, c.compress), c == null ? "" : percent(r.decompress, c.decompress));
        }
        for (String engine : NativeResults.ENGINES) {
            ScenarioResult c = nativeResults.get(scenario, engine);
            if (c != null) {
                table.row("C reference: " + engine + " L" + NativeResults.level(engine) + " (no JVM)",
                        Numbers.mbps(c.compress.median), Numbers.mbps(c.decompress.median), ratio(c.ratio),
                        times(c.compress, stock.compress), times(c.decompress, stock.decompress), "", "");
            }
        }
        if (nativeResults.problem != null) {
            table.row("C reference", "not run: " + nativeResults.problem.split("\n")[0], "", "", "", "", "", "");
        }
        md.table(table);
    }

    private void appendDetails(ReportWriter md) {
        MarkdownTable table = new MarkdownTable("configuration", "data set", "chunk>", "compress>", "decompress>",
                "time>", "CPU used by others");
        for (ConfigurationOutcome outcome : outcomes) {
            for (String dataset : datasets) {
                for (int chunkKiB : chunkKiBs) {
                    ScenarioResult r = outcome.results.get(ScenarioResult.scenario(dataset, chunkKiB));
                    if (r != null) {
                        table.row(outcome.configuration.label, dataset, chunkKiB + " KiB", spread(r.compress),
                                spread(r.decompress), Numbers.seconds(outcome.seconds)
                                        + (outcome.attempt > 1 ? ", attempt " + outcome.attempt : ""), outcome.load);
                    }
                }
            }
        }
        for (String dataset : datasets) {
            for (int chunkKiB : chunkKiBs) {
                for (String engine : NativeResults.ENGINES) {
                    ScenarioResult c = nativeResults.get(ScenarioResult.scenario(dataset, chunkKiB), engine);
                    if (c != null) {
                        table.row("C reference: " + engine + " L" + NativeResults.level(engine), dataset,
                                chunkKiB + " KiB", spread(c.compress), spread(c.decompress), "", nativeResults.load);
                    }
                }
            }
        }
        md.section("Details: median (min–max) MB/s of the measured iterations").table(table);
    }

    private static String spread(Throughput t) {
        return t == null ? "" : t.spread();
    }

    private static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "?" : Numbers.ratio(ratio);
    }

    private static String times(Throughput value, Throughput base) {
        return value == null || base == null ? "" : Numbers.times(value.headline() / base.headline());
    }

    private static String percent(Throughput value, Throughput base) {
        return value == null || base == null ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * value.headline() / base.headline());
    }
}
