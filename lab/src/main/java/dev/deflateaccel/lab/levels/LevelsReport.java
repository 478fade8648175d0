package dev.deflateaccel.lab.levels;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.lab.tools.ReportWriter;

/** The level table as markdown: the computed defaults first, then one table per chunk size. */
public final class LevelsReport {
    private final ReportHeader header;
    private final ChunkSource source;
    private final LevelsOptions options;
    private final List<Run> runs;
    private final Map<Run, Map<Integer, LevelResult>> results = new LinkedHashMap<>();
    private final String chartFile;

    public LevelsReport(ReportHeader header, ChunkSource source, LevelsOptions options, List<Run> runs,
                        String chartFile) {
        this.header = header;
        this.source = source;
        this.options = options;
        this.runs = runs;
        this.chartFile = chartFile;
        for (Run run : runs) {
            results.put(run, LevelResult.byChunk(run));
        }
    }

    public String render() {
        ReportWriter md = new ReportWriter(header,
                "Compression levels on Cassandra row chunks: libdeflate and igzip against stock zlib 6");
        if (!source.nodeWritten) {
            md.warning("**Not node-written data.** " + source.label + ". Use these numbers to check the tool, not to "
                    + "choose defaults: run with `--sstables DIR` on the Data.db files of a table a node wrote with "
                    + "`compression = {'enabled': false}`.");
        }
        if (options.rounds < 5) {
            md.warning("**Fewer than 5 measured rounds** (" + options.rounds + "): a smoke run; the medians are not "
                    + "the issue's measurement.");
        }
        md.paragraph("How to read: every configuration ran in its own JVM through Cassandra's real `DeflateCompressor` "
                + "(heap buffers, the output room Cassandra gives a chunk), the agent routed to one engine at one level, "
                + "stock without the agent (java.util.zip level 6, zlib format: what Cassandra writes). Chunks are cut "
                + "per file as a compressed table would cut them, the last chunk of a file shorter. ratio = compressed / "
                + "uncompressed bytes over all chunks; size vs stock = this level's total compressed bytes / stock's on "
                + "the same chunks (below 1.000 is smaller). MB/s = 10^6 uncompressed bytes per second in both "
                + "directions, median (min–max) of the measured rounds; one round = whole passes over every chunk "
                + "for at least the round time. Each configuration decompresses its own output.");
        md.image("compress MB/s against size vs stock", chartFile);
        appendComputed(md);
        for (int chunkKiB : options.chunkKiBs) {
            appendTable(md, chunkKiB);
        }
        md.list("Failures", runs.stream().filter(run -> !run.usable())
                .map(run -> "**" + run.configuration.label + "**: " + run.failure).collect(Collectors.toList()));
        md.list("Engine checks (each child's agent statistics after its last call)", runs.stream()
                .map(run -> run.configuration.label + ": " + (run.usable() ? "OK " + run.check : "FAILED"))
                .collect(Collectors.toList()));
        for (Run run : runs) {
            if (run.configuration.agentConfig != null) {
                return md.raw("Agent config of \"" + run.configuration.label + "\" (the others differ only in engine "
                        + "and level):\n\n```\n" + run.configuration.agentConfig + "```\n").render();
            }
        }
        return md.render();
    }

    private void appendComputed(ReportWriter md) {
        md.section("Computed from this run");
        Map<Integer, LevelResult> stockByChunk = new LinkedHashMap<>();
        Map<Integer, List<LevelResult>> libdeflateByChunk = new LinkedHashMap<>();
        for (int chunkKiB : options.chunkKiBs) {
            LevelResult stock = result(Configuration.STOCK, LevelsOptions.STOCK_LEVEL, chunkKiB);
            if (stock == null) {
                md.item(chunkKiB + " KiB: no stock result, nothing to compare with");
                continue;
            }
            stockByChunk.put(chunkKiB, stock);
            List<LevelResult> libdeflate = results(LevelsOptions.LIBDEFLATE, chunkKiB);
            libdeflateByChunk.put(chunkKiB, libdeflate);
            Optional<LevelResult> best = LevelVerdicts.fastestNoLargerThanStock(libdeflate, stock);
            md.item("**" + chunkKiB + " KiB: fastest libdeflate level no larger than stock zlib 6: "
                    + best.map(r -> "libdeflate " + r.config.level + "**: " + LevelVerdicts.cost(r, stock) + " ("
                            + Numbers.mbps(r.compress.median) + " against " + Numbers.mbps(stock.compress.median)
                            + " MB/s)")
                    .orElse("none**: every libdeflate level measured is larger than stock"));
        }
        if (stockByChunk.size() > 1) {
            Optional<Integer> all = LevelVerdicts.levelForAllSizes(libdeflateByChunk, stockByChunk);
            md.item(all.map(l -> "**All chunk sizes: libdeflate " + l + "**: no larger than stock at every size, "
                    + "and the highest geometric mean of compress speed over stock among such levels")
                    .orElse("**All chunk sizes: none**: no libdeflate level is no larger than stock at every size"));
        }
        md.endList();
        if (options.igzipLevels.isEmpty() || stockByChunk.isEmpty()) {
            return;
        }
        md.paragraph("What each igzip level costs against stock zlib 6 (size, compress and decompress speed):");
        List<String> headers = new ArrayList<>(List.of("igzip level"));
        for (int chunkKiB : stockByChunk.keySet()) {
            headers.add(chunkKiB + " KiB");
        }
        MarkdownTable table = new MarkdownTable(headers.toArray(new String[0]));
        for (int level : options.igzipLevels) {
            List<Object> row = new ArrayList<>(List.of("igzip " + level));
            for (Map.Entry<Integer, LevelResult> e : stockByChunk.entrySet()) {
                LevelResult r = result(LevelsOptions.IGZIP, level, e.getKey());
                row.add(r == null ? "no result" : LevelVerdicts.cost(r, e.getValue()));
            }
            table.row(row.toArray());
        }
        md.table(table);
    }

    private void appendTable(ReportWriter md, int chunkKiB) {
        LevelResult stock = result(Configuration.STOCK, LevelsOptions.STOCK_LEVEL, chunkKiB);
        LevelResult any = stock != null ? stock : results(null, chunkKiB).stream().findFirst().orElse(null);
        md.section(chunkKiB + " KiB chunks" + (any == null ? "" : String.format(Locale.ROOT, " (%d chunks, %.1f MiB)",
                any.chunks, any.rawBytes / 1048576.0)));
        MarkdownTable table = new MarkdownTable("configuration", "ratio>", "size vs stock>", "no larger than stock",
                "compress MB/s>", "compress vs stock>", "decompress MB/s>", "decompress vs stock>");
        for (Run run : runs) {
            LevelResult r = results.get(run).get(chunkKiB);
            if (r == null) {
                table.row(run.configuration.label, "**FAILED**", "", "", "", "", "", "");
                continue;
            }
            boolean compared = stock != null;
            table.row(run.configuration.label, Numbers.ratio(r.ratio()),
                    compared ? Numbers.ratio(r.sizeVersus(stock)) : "",
                    compared ? (r.compressedBytes <= stock.compressedBytes ? "yes" : "no") : "",
                    r.compress.mbps(),
                    compared ? Numbers.times(r.compress.median / stock.compress.median) : "",
                    r.decompress.mbps(),
                    compared ? Numbers.times(r.decompress.median / stock.decompress.median) : "");
        }
        md.table(table);
    }

    private LevelResult result(String engine, int level, int chunkKiB) {
        return LevelVerdicts.find(results(engine, chunkKiB), level);
    }

    /** Every usable result at {@code chunkKiB}, of {@code engine} (null: of any engine), in run order. */
    private List<LevelResult> results(String engine, int chunkKiB) {
        return results.values().stream().map(byChunk -> byChunk.get(chunkKiB))
                .filter(r -> r != null && (engine == null || r.config.engine.equals(engine))).collect(Collectors.toList());
    }
}
