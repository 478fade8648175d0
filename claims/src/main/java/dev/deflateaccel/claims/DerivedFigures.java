package dev.deflateaccel.claims;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.ReportWriter;

/**
 * The figures the docs derive from committed reports (the model's predictions, a ratio of two
 * medians), computed here and written beside the report they come from as {@code X.derived.md},
 * which links every report it read. The docs cite the derived file; FigureCheck holds it to the
 * same rules as a report, and DerivedFiguresTest fails when a committed one is not what this
 * computes from the committed reports today. Run from the repository:
 * {@code java -cp "claims/target/classes:lab/target/deflate-accel-lab.jar" dev.deflateaccel.claims.DerivedFigures}
 */
public final class DerivedFigures {
    static final String NODE = "lab/node-results/";
    static final String LAB = "lab/results/";
    /** The per-chunk reports: levels on the steady load's rows, levels on the ingest's rows, Calgary. */
    static final String LEVELS_STEADY = LAB + "20261130-140351-levels.md";
    static final String LEVELS_INGEST = LAB + "20261202-025229-levels.md";
    static final String CHUNK = LAB + "20261130-141045.md";
    static final String STEADY = NODE + "20261130-161244-steady.md";
    /** Both committed runs of the LCS ingest: the first, and the re-run with all 7 configurations. */
    static final String INGEST_FIRST = NODE + "20261201-231747-ingest.md";
    static final String INGEST_RERUN = NODE + "20261202-042805-ingest.md";
    /** One major compaction per phase of the same rows, the ingest's table written offline. */
    static final String COMPACTION_READS = NODE + "20261202-020746-compaction-reads.md";

    private DerivedFigures() {
    }

    public static void main(String[] args) throws IOException {
        Path root = Paths.get(args.length > 0 ? args[0] : ".");
        for (Map.Entry<Path, String> file : all(root).entrySet()) {
            Files.write(file.getKey(), file.getValue().getBytes(StandardCharsets.UTF_8));
            System.out.println("written: " + file.getKey());
        }
    }

    /** Every derived file, by where it goes, with its text. */
    static Map<Path, String> all(Path root) {
        Map<Path, String> files = new LinkedHashMap<>();
        files.put(derivedOf(root.resolve(STEADY)), steady(root));
        files.put(derivedOf(root.resolve(INGEST_FIRST)), ingest(root, INGEST_FIRST));
        files.put(derivedOf(root.resolve(INGEST_RERUN)), ingest(root, INGEST_RERUN));
        files.put(derivedOf(root.resolve(COMPACTION_READS)), majorCompaction(root));
        return files;
    }

    static Path derivedOf(Path report) {
        String name = report.getFileName().toString();
        return report.resolveSibling(name.substring(0, name.length() - ".md".length()) + ".derived.md");
    }

    static String steady(Path root) {
        NodeReport report = new NodeReport(root.resolve(STEADY));
        ChunkCosts costs = new ChunkCosts(root.resolve(LEVELS_STEADY), root.resolve(CHUNK));
        // Operations in the measured window: the fixed rate times the window, from the report's header.
        Matcher m = Pattern.compile("at ([\\d,]+) requests/s for (\\d+) s")
                .matcher(report.text);
        if (!m.find()) {
            throw new IllegalArgumentException("no rate and window in " + STEADY);
        }
        double operations = NumberTokens.parse(m.group(1)).doubleValue() * Double.parseDouble(m.group(2));
        ModelCheck model = new ModelCheck(report, costs, c -> report.median("node CPU us/op", c),
                ModelCheck.agentCounts(report), 1 / operations, "µs/op");
        ReportWriter md = header("Derived from the steady mixed load: the performance model against it", report, costs);
        md.paragraph(String.format(Locale.ROOT, "Node CPU per operation. Operations in the window: %,.0f. "
                + "Stock measured %.2f µs/op, of which the model puts %.2f µs in zlib, so N = %.2f µs/op.",
                operations, report.median("node CPU us/op", "Deflate, stock"),
                report.median("node CPU us/op", "Deflate, stock") - model.rest(), model.rest()));
        return md.table(model.table()).render();
    }

    static String ingest(Path root, String reportPath) {
        NodeReport report = new NodeReport(root.resolve(reportPath));
        ChunkCosts costs = new ChunkCosts(root.resolve(LEVELS_INGEST), root.resolve(CHUNK));
        ModelCheck.Measured compactionCpu = c -> report.medianOfRuns(c, "compaction CPU ([\\d.]+) s");
        ModelCheck model = new ModelCheck(report, costs, compactionCpu, ModelCheck.agentCounts(report), 1e-6, "s");
        ReportWriter md = header("Derived from the write-heavy ingest: the performance model and igzip against LZ4",
                report, costs);
        md.section("The model against the compaction threads' CPU per run");
        md.paragraph(String.format(Locale.ROOT, "Compaction threads' CPU per run, median of the runs' \"compaction CPU\"."
                + " Stock measured %.2f s, of which the model puts %.2f s in zlib, so N = %.2f s.",
                compactionCpu.of("Deflate, stock"), compactionCpu.of("Deflate, stock") - model.rest(), model.rest()));
        md.table(model.table());
        md.section("igzip 1 against LZ4");
        String igzip = "Deflate + agent, igzip";
        String lz4 = "LZ4, stock";
        String perIngested = "compaction CPU ms per MB of ingested data";
        String perWritten = "compaction CPU ms per MB compaction wrote";
        String size = "Data.db MiB at end";
        MarkdownTable t = new MarkdownTable("figure", "igzip 1 / LZ4>", "from");
        t.row("compaction CPU per MB of ingested data (needs no scaling: the same data for both)",
                ratio(report.median(perIngested, igzip) / report.median(perIngested, lz4)),
                "medians " + report.median(perIngested, igzip) + " / " + report.median(perIngested, lz4) + " ms");
        t.row("compaction CPU per MB compaction wrote, times Data.db at the end",
                ratio(report.median(perWritten, igzip) * report.median(size, igzip)
                        / (report.median(perWritten, lz4) * report.median(size, lz4))),
                "medians (" + report.median(perWritten, igzip) + " × " + report.median(size, igzip) + ") / ("
                        + report.median(perWritten, lz4) + " × " + report.median(size, lz4) + ")");
        t.row("the same from the median ratios to stock",
                ratio(report.medianRatio(perWritten, igzip) * report.medianRatio(size, igzip)
                        / (report.medianRatio(perWritten, lz4) * report.medianRatio(size, lz4))),
                "(" + report.medianRatio(perWritten, igzip) + " × " + report.medianRatio(size, igzip) + ") / ("
                        + report.medianRatio(perWritten, lz4) + " × " + report.medianRatio(size, lz4) + ")");
        return md.table(t).render();
    }

    /**
     * The model against one major compaction, per phase. The compaction threads' CPU of a run is
     * its compaction time times their CPU seconds per second. The agent counts a run's two
     * compactions together, and its decompressions include the reads', so per compaction c is half
     * the run's compressions, and d is taken as c: a major compaction reads the chunks it rewrites.
     */
    static String majorCompaction(Path root) {
        NodeReport report = new NodeReport(root.resolve(COMPACTION_READS));
        ChunkCosts costs = new ChunkCosts(root.resolve(LEVELS_INGEST), root.resolve(CHUNK));
        ReportWriter md = header("Derived from reads during compaction: the performance model against one major compaction",
                report, costs);
        md.paragraph("Per compaction the agent's compressions of the run halved (it counts both phases' compactions"
                + " together), and as many decompressions (a major compaction reads the chunks it rewrites; the"
                + " agent's decompressions include the reads', so they cannot be used). Stock, LZ4 and Zstd get"
                + " libdeflate's counts. Compaction threads' CPU per run = compaction s × CPU s per s of that run,"
                + " then the median of the runs.");
        ModelCheck.Counts perCompaction = c -> {
            double compressions = ModelCheck.agentCounts(report).of(c)[0] / 2;
            return new double[] {compressions, compressions};
        };
        for (String phase : new String[] {"unthrottled", "64 MiB/s"}) {
            Pattern run = Pattern.compile(Pattern.quote(phase)
                    + ": compaction ([\\d.]+) s \\([\\d.]+ MB/s, ([\\d.]+) CPU s/s\\)");
            ModelCheck.Measured cpu = c -> report.medianOfRuns(c, run, m ->
                    Double.parseDouble(m.group(1)) * Double.parseDouble(m.group(2)));
            ModelCheck model = new ModelCheck(report, costs, cpu, perCompaction, 1e-6, "s");
            md.section("The " + phase + " phase");
            md.paragraph(String.format(Locale.ROOT, "Stock's compaction threads used %.2f s, of which the model puts"
                    + " %.2f s in zlib, so N = %.2f s.", cpu.of("Deflate, stock"), cpu.of("Deflate, stock") - model.rest(),
                    model.rest()));
            md.table(model.table());
        }
        return md.render();
    }

    private static ReportWriter header(String title, NodeReport report, ChunkCosts costs) {
        ReportWriter md = new ReportWriter("# " + title + "\n\n");
        md.paragraph("Written by `DerivedFigures` (claims/src/main/java/dev/deflateaccel/claims) from the committed"
                + " reports [" + report.file.getFileName() + "](" + report.file.getFileName() + "), ["
                + costs.levels.getFileName() + "](../results/" + costs.levels.getFileName() + ") and ["
                + costs.chunk.getFileName() + "](../results/" + costs.chunk.getFileName() + "); do not edit by hand."
                + " Its numbers are exactly as quiet as those reports.");
        MarkdownTable t = new MarkdownTable("engine", "compress µs per 16 KiB chunk>", "decompress µs per 16 KiB chunk>",
                "from");
        costs.micros.forEach((engine, us) -> t.row(engine, String.format(Locale.ROOT, "%.1f", us[0]),
                String.format(Locale.ROOT, "%.1f", us[1]), engine.startsWith("LZ4") || engine.startsWith("Zstd")
                        ? "chunk report, Calgary (not the node's rows)" : "levels report, the node's rows, 16 KiB"));
        md.paragraph("Per-chunk costs, t = 16,384 bytes / median MB/s:").table(t);
        return md;
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }
}
