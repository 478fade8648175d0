package dev.deflateaccel.lab.chunk;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.tools.ChildJvm;
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

    public ResultsReport(RunnerOptions options, Map<String, String> machine, List<ConfigurationOutcome> outcomes,
                         NativeResults nativeResults, String startedAt, double totalSeconds, String runLoad) {
        this.options = options;
        this.machine = machine;
        this.outcomes = outcomes;
        this.nativeResults = nativeResults;
        this.startedAt = startedAt;
        this.totalSeconds = totalSeconds;
        this.runLoad = runLoad;
    }

    public String render() {
        StringBuilder header = new StringBuilder("# Chunk benchmark: Cassandra compressors, stock vs deflate-accel agent\n\n");
        header.append("- Started: ").append(startedAt).append(", took ").append(Numbers.seconds(totalSeconds)).append('\n');
        header.append("- Mode: ").append(options.describe()).append('\n');
        machine.forEach((label, value) -> header.append("- ").append(label).append(": ").append(value).append('\n'));
        ReportWriter md = new ReportWriter(header.toString())
                .item("libdeflate (C reference build): " + nativeResults.libdeflateVersion())
                .item("Agent jar: " + ChildJvm.describeJar(options.agentJar))
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
        for (Scenario scenario : scenarios()) {
            appendScenarioTable(md, scenario);
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
        if (nativeResults.disturbed()) {
            parts.append(parts.length() == 0 ? "" : "; ").append("C reference (").append(nativeResults.load())
                    .append(')');
        }
        if (parts.length() > 0) {
            md.warning("**WARNING: the machine was busy.** Other processes or the hypervisor took more than "
                    + Math.round(MachineLoad.DISTURBED * 100) + "% of the CPU while these ran, so their numbers are too "
                    + "low and the ratios between rows are unreliable: " + parts + ". Re-run on a quiet machine.");
        }
    }

    private Set<Scenario> scenarios() {
        Set<Scenario> all = new TreeSet<>();
        for (String dataset : options.datasets) {
            for (int chunk : options.chunkKiBs) {
                all.add(new Scenario(dataset, chunk));
            }
        }
        return all;
    }

    private void appendScenarioTable(ReportWriter md, Scenario scenario) {
        md.section(scenario.dataset + (Datasets.GENERATED.equals(scenario.dataset) ? " (generated Cassandra-like rows)"
                : "") + ", " + scenario.chunkKiB + " KiB chunks");
        MarkdownTable table = new MarkdownTable("configuration", "compress MB/s>", "decompress MB/s>", "ratio>",
                "compress vs stock>", "decompress vs stock>", "compress vs C>", "decompress vs C>");
        ConfigurationOutcome.ScenarioResult stock = stockResult(scenario);
        Throughput stockCompress = stock == null ? null : stock.compress;
        Throughput stockDecompress = stock == null ? null : stock.decompress;
        for (ConfigurationOutcome outcome : outcomes) {
            ConfigurationOutcome.ScenarioResult r = outcome.results.get(scenario);
            String problem = outcome.skipped != null ? "not run: " + outcome.skipped
                    : outcome.failure != null ? "**FAILED** (see below)"
                    : r == null || r.compress == null || r.decompress == null ? "no result" : null;
            if (problem != null) {
                table.row(outcome.configuration.label, problem, "", "", "", "", "", "");
                continue;
            }
            NativeResults.Result c = outcome.configuration.nativeEngine == null ? null
                    : nativeResults.get(scenario, outcome.configuration.nativeEngine);
            table.row(outcome.configuration.label, r.compress.withError(), r.decompress.withError(), ratio(r.ratio),
                    times(r.compress, stockCompress), times(r.decompress, stockDecompress),
                    c == null ? "" : percent(r.compress, c.compress), c == null ? "" : percent(r.decompress, c.decompress));
        }
        for (NativeResults.Result c : nativeResults.of(scenario)) {
            table.row("C reference: " + c.engine + " L" + c.level + " (no JVM)", Numbers.mbps(c.compress.median),
                    Numbers.mbps(c.decompress.median), ratio(c.ratio), times(c.compress, stockCompress),
                    times(c.decompress, stockDecompress), "", "");
        }
        if (nativeResults.problem() != null) {
            table.row("C reference", "not run: " + nativeResults.problem().split("\n")[0], "", "", "", "", "", "");
        }
        md.table(table);
    }

    private ConfigurationOutcome.ScenarioResult stockResult(Scenario scenario) {
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.configuration == BenchConfiguration.STOCK && outcome.usable()) {
                return outcome.results.get(scenario);
            }
        }
        return null;
    }

    private void appendDetails(ReportWriter md) {
        MarkdownTable table = new MarkdownTable("configuration", "data set", "chunk>", "compress>", "decompress>",
                "time>", "CPU used by others");
        for (ConfigurationOutcome outcome : outcomes) {
            for (Map.Entry<Scenario, ConfigurationOutcome.ScenarioResult> e : outcome.results.entrySet()) {
                table.row(outcome.configuration.label, e.getKey().dataset, e.getKey().chunkKiB + " KiB",
                        spread(e.getValue().compress), spread(e.getValue().decompress), Numbers.seconds(outcome.seconds)
                                + (outcome.attempt > 1 ? ", attempt " + outcome.attempt : ""), outcome.load);
            }
        }
        for (Scenario scenario : scenarios()) {
            for (NativeResults.Result c : nativeResults.of(scenario)) {
                table.row("C reference: " + c.engine + " L" + c.level, scenario.dataset, scenario.chunkKiB + " KiB",
                        spread(c.compress), spread(c.decompress), "", nativeResults.load());
            }
        }
        md.section("Details: median (min–max) MB/s of the measured iterations").table(table);
    }

    private static String spread(Throughput t) {
        return t == null ? "" : Numbers.mbps(t.median) + " (" + Numbers.mbps(t.min) + "–" + Numbers.mbps(t.max) + ")";
    }

    private static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "?" : String.format(Locale.ROOT, "%.3f", ratio);
    }

    private static String times(Throughput value, Throughput base) {
        return value == null || base == null ? "" : String.format(Locale.ROOT, "%.2f×", value.headline() / base.headline());
    }

    private static String percent(Throughput value, Throughput base) {
        return value == null || base == null ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * value.headline() / base.headline());
    }
}
