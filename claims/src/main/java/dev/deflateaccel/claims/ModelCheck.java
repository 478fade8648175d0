package dev.deflateaccel.claims;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.tools.MarkdownTable;

/**
 * The performance model (docs/performance.md) checked against one committed node run, all of it
 * computed here from the reports: CPU per operation = N + c × t_compress + d × t_decompress, with
 * c and d the chunks the agent counted (stock, LZ4 and Zstd get libdeflate's: the same workload
 * makes the same chunks), t from {@link ChunkCosts}, and N fitted on stock in the same run. Since N
 * is fitted on stock, the model predicts only the codec's part of each other configuration; so
 * beside the whole prediction it shows the codec part predicted against the codec part measured
 * (the measurement minus N), where its misses are not diluted by the part it was fitted on.
 */
final class ModelCheck {
    /** The report's configuration columns and the engines they ran. */
    static final Map<String, String> ENGINES = new LinkedHashMap<>();

    static {
        ENGINES.put("Deflate, stock", "stock zlib 6");
        ENGINES.put("Deflate + agent, libdeflate", "libdeflate 6");
        ENGINES.put("Deflate + agent, igzip", "igzip 1");
        ENGINES.put("Deflate + agent, igzip level 3", "igzip 3");
        ENGINES.put("LZ4, stock", "LZ4");
        ENGINES.put("Zstd, stock", "Zstd 3");
    }

    interface Measured {
        double of(String config);
    }

    /** Chunks compressed and decompressed in one measured operation or run, per configuration. */
    interface Counts {
        double[] of(String config);
    }

    /** The agent's median counts per run; stock, LZ4 and Zstd get libdeflate's. */
    static Counts agentCounts(NodeReport report) {
        return config -> config.contains("+ agent") ? report.agentCounts(config)
                : report.agentCounts("Deflate + agent, libdeflate");
    }

    private final NodeReport report;
    private final ChunkCosts costs;
    private final Measured measured;
    private final Counts counts;
    /** What one counted chunk-µs is in the measurement's unit (1/operations for µs per op, 1e-6 for s). */
    private final double scale;
    private final String unit;

    ModelCheck(NodeReport report, ChunkCosts costs, Measured measured, Counts counts, double scale, String unit) {
        this.report = report;
        this.costs = costs;
        this.measured = measured;
        this.counts = counts;
        this.scale = scale;
        this.unit = unit;
    }

    private List<String> configs() {
        return ENGINES.keySet().stream().filter(c -> !c.equals("Deflate, stock") && report.configs().contains(c))
                .collect(Collectors.toList());
    }

    private double codec(String config) {
        String engine = ENGINES.get(config);
        double[] n = counts.of(config);
        return scale * (n[0] * costs.compress(engine) + n[1] * costs.decompress(engine));
    }

    double rest() {
        return measured.of("Deflate, stock") - codec("Deflate, stock");
    }

    MarkdownTable table() {
        MarkdownTable t = new MarkdownTable("configuration", "chunks compressed>", "chunks decompressed>",
                "predicted " + unit + ">", "measured " + unit + " (median)>", "predicted / measured>",
                "codec part predicted " + unit + ">", "codec part measured " + unit + ">",
                "codec part predicted / measured>");
        double rest = rest();
        for (String config : configs()) {
            double[] n = counts.of(config);
            double predicted = rest + codec(config);
            double measuredValue = measured.of(config);
            double codecMeasured = measuredValue - rest;
            // Measured below N: the N fitted on stock is too large for this engine, and its codec part has no ratio.
            String codecRatio = codecMeasured <= 0 ? "none: measured below N"
                    : String.format(Locale.ROOT, "%.2f", codec(config) / codecMeasured);
            t.row(config, String.format(Locale.ROOT, "%,.0f", n[0]), String.format(Locale.ROOT, "%,.0f", n[1]),
                    f(predicted), f(measuredValue), String.format(Locale.ROOT, "%.2f", predicted / measuredValue),
                    f(codec(config)), f(codecMeasured), codecRatio);
        }
        return t;
    }

    String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
