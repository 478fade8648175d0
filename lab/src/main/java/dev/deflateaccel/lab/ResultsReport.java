package dev.deflateaccel.lab;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Renders everything measured in one invocation as one markdown document. */
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
        StringBuilder md = new StringBuilder();
        md.append("# Chunk benchmark: Cassandra compressors, stock vs deflate-accel agent\n\n");
        md.append("- Started: ").append(startedAt).append(", took ").append(minutes(totalSeconds)).append('\n');
        md.append("- Mode: ").append(options.describe()).append('\n');
        for (Map.Entry<String, String> fact : machine.entrySet()) {
            md.append("- ").append(fact.getKey()).append(": ").append(fact.getValue()).append('\n');
        }
        md.append("- libdeflate (C reference build): ").append(nativeResults.libdeflateVersion()).append('\n');
        md.append("- Agent jar: ").append(options.agentJar).append(agentJarState()).append('\n');
        md.append("- CPU used by others during the run: ").append(runLoad).append("\n\n");
        appendDisturbanceWarning(md);
        md.append("How to read: one JMH operation = one chunk through Cassandra's real ICompressor "
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
                + "of the same code can drift that much, so repeat (or use --full) before trusting a few percent.\n\n");

        for (Scenario scenario : scenarios()) {
            appendScenarioTable(md, scenario);
        }
        appendProblems(md);
        appendDetails(md);
        appendEngineChecks(md);
        appendAgentConfigs(md);
        return md.toString();
    }

    /** Numbers taken while something else ran are too low; say so where nobody can miss it. */
    private void appendDisturbanceWarning(StringBuilder md) {
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
            md.append("> **WARNING: the machine was busy.** Other processes or the hypervisor took more than ")
                    .append(Math.round(MachineLoad.DISTURBED * 100))
                    .append("% of the CPU while these ran, so their numbers are too low and the ratios between rows "
                            + "are unreliable: ").append(parts).append(". Re-run on a quiet machine.\n\n");
        }
    }

    /** Size and time, so a stale jar from an old build is visible in the report. */
    private String agentJarState() {
        try {
            return java.nio.file.Files.isRegularFile(options.agentJar)
                    ? " (" + java.nio.file.Files.size(options.agentJar) + " bytes, built "
                            + java.nio.file.Files.getLastModifiedTime(options.agentJar) + ")"
                    : " (NOT BUILT)";
        } catch (java.io.IOException e) {
            return " (" + e + ")";
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

    private void appendScenarioTable(StringBuilder md, Scenario scenario) {
        md.append("## ").append(scenario.dataset).append(Datasets.GENERATED.equals(scenario.dataset)
                ? " (generated Cassandra-like rows)" : "").append(", ").append(scenario.chunkKiB).append(" KiB chunks\n\n");
        md.append("| configuration | compress MB/s | decompress MB/s | ratio | compress vs stock | decompress vs stock "
                + "| compress vs C | decompress vs C |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        ConfigurationOutcome.ScenarioResult stock = stockResult(scenario);
        for (ConfigurationOutcome outcome : outcomes) {
            md.append("| ").append(outcome.configuration.label).append(" | ");
            if (outcome.skipped != null) {
                md.append("not run: ").append(outcome.skipped).append(" | | | | | | |\n");
                continue;
            }
            if (outcome.failure != null) {
                md.append("**FAILED** (see below) | | | | | | |\n");
                continue;
            }
            ConfigurationOutcome.ScenarioResult r = outcome.results.get(scenario);
            if (r == null || r.compress == null || r.decompress == null) {
                md.append("no result | | | | | | |\n");
                continue;
            }
            NativeReference.Result c = outcome.configuration.nativeEngine == null ? null
                    : nativeResults.get(scenario, outcome.configuration.nativeEngine);
            md.append(r.compress.withError()).append(" | ").append(r.decompress.withError()).append(" | ")
                    .append(ratio(r.ratio)).append(" | ")
                    .append(times(r.compress, stock == null ? null : stock.compress)).append(" | ")
                    .append(times(r.decompress, stock == null ? null : stock.decompress)).append(" | ")
                    .append(c == null ? "" : percent(r.compress, c.compress)).append(" | ")
                    .append(c == null ? "" : percent(r.decompress, c.decompress)).append(" |\n");
        }
        for (NativeReference.Result c : nativeResults.of(scenario)) {
            md.append("| C reference: ").append(c.engine).append(" L").append(c.level).append(" (no JVM) | ")
                    .append(Throughput.format(c.compress.median)).append(" | ")
                    .append(Throughput.format(c.decompress.median)).append(" | ")
                    .append(ratio(c.ratio)).append(" | ")
                    .append(times(c.compress, stock == null ? null : stock.compress)).append(" | ")
                    .append(times(c.decompress, stock == null ? null : stock.decompress)).append(" | | |\n");
        }
        if (nativeResults.problem() != null) {
            md.append("| C reference | not run: ").append(nativeResults.problem().split("\n")[0])
                    .append(" | | | | | | |\n");
        }
        md.append('\n');
    }

    private ConfigurationOutcome.ScenarioResult stockResult(Scenario scenario) {
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.configuration == BenchConfiguration.STOCK && outcome.usable()) {
                return outcome.results.get(scenario);
            }
        }
        return null;
    }

    private void appendProblems(StringBuilder md) {
        boolean any = false;
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.failure != null) {
                if (!any) {
                    md.append("## Failures\n\n");
                    any = true;
                }
                md.append("- **").append(outcome.configuration.label).append("**: ").append(outcome.failure)
                        .append('\n');
            }
        }
        if (any) {
            md.append('\n');
        }
    }

    private void appendDetails(StringBuilder md) {
        md.append("## Details: median (min–max) MB/s of the measured iterations\n\n");
        md.append("| configuration | data set | chunk | compress | decompress | time | CPU used by others |\n"
                + "|---|---|---:|---:|---:|---:|---|\n");
        for (ConfigurationOutcome outcome : outcomes) {
            for (Map.Entry<Scenario, ConfigurationOutcome.ScenarioResult> e : outcome.results.entrySet()) {
                ConfigurationOutcome.ScenarioResult r = e.getValue();
                md.append("| ").append(outcome.configuration.label).append(" | ").append(e.getKey().dataset)
                        .append(" | ").append(e.getKey().chunkKiB).append(" KiB | ").append(spread(r.compress))
                        .append(" | ").append(spread(r.decompress)).append(" | ")
                        .append(minutes(outcome.seconds)).append(outcome.attempt > 1 ? ", attempt " + outcome.attempt : "")
                        .append(" | ").append(outcome.load).append(" |\n");
            }
        }
        for (Scenario scenario : scenarios()) {
            for (NativeReference.Result c : nativeResults.of(scenario)) {
                md.append("| C reference: ").append(c.engine).append(" L").append(c.level).append(" | ")
                        .append(scenario.dataset).append(" | ").append(scenario.chunkKiB).append(" KiB | ")
                        .append(spread(c.compress)).append(" | ").append(spread(c.decompress)).append(" | | ")
                        .append(nativeResults.load()).append(" |\n");
            }
        }
        md.append('\n');
    }

    private void appendEngineChecks(StringBuilder md) {
        md.append("## Engine checks (from each fork's agent MBeans)\n\n");
        for (ConfigurationOutcome outcome : outcomes) {
            md.append("- ").append(outcome.configuration.label).append(":");
            if (outcome.skipped != null) {
                md.append(" not run\n");
                continue;
            }
            md.append('\n');
            for (String check : outcome.engineChecks) {
                md.append("  - ").append(check).append('\n');
            }
        }
        md.append('\n');
    }

    private void appendAgentConfigs(StringBuilder md) {
        for (ConfigurationOutcome outcome : outcomes) {
            if (outcome.agentConfig != null) {
                md.append("Agent config for \"").append(outcome.configuration.label).append("\":\n\n```\n")
                        .append(outcome.agentConfig).append("```\n\n");
            }
        }
    }

    private static String spread(Throughput t) {
        return t == null ? "" : Throughput.format(t.median) + " (" + Throughput.format(t.min) + "–"
                + Throughput.format(t.max) + ")";
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

    static String minutes(double seconds) {
        return seconds < 120 ? String.format(Locale.ROOT, "%.0f s", seconds)
                : String.format(Locale.ROOT, "%.1f min", seconds / 60);
    }
}
