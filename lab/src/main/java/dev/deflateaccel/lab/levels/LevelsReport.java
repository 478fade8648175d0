package dev.deflateaccel.lab.levels;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.deflateaccel.lab.tools.MarkdownTable;
import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.ReportHeader;

/** The level table as markdown: the computed defaults first, then one table per chunk size. */
public final class LevelsReport {
    private final ReportHeader header;
    private final ChunkSource source;
    private final LevelsOptions options;
    private final List<LevelOutcome> outcomes;
    private final String chartFile;

    public LevelsReport(ReportHeader header, ChunkSource source, LevelsOptions options, List<LevelOutcome> outcomes,
                        String chartFile) {
        this.header = header;
        this.source = source;
        this.options = options;
        this.outcomes = outcomes;
        this.chartFile = chartFile;
    }

    public String render() {
        StringBuilder md = new StringBuilder(header.render(
                "Compression levels on Cassandra row chunks: libdeflate and igzip against stock zlib 6"));
        if (!source.nodeWritten) {
            md.append("> **Not node-written data.** ").append(source.label).append(". Use these numbers to check the "
                    + "tool, not to choose defaults: run with `--sstables DIR` on the Data.db files of a table a node "
                    + "wrote with `compression = {'enabled': false}`.\n\n");
        }
        if (options.rounds < 5) {
            md.append("> **Fewer than 5 measured rounds** (").append(options.rounds)
                    .append("): a smoke run; the medians are not the issue's measurement.\n\n");
        }
        md.append("How to read: every configuration ran in its own JVM through Cassandra's real `DeflateCompressor` "
                + "(heap buffers, the output room Cassandra gives a chunk), the agent routed to one engine at one level, "
                + "stock without the agent (java.util.zip level 6, zlib format: what Cassandra writes). Chunks are cut "
                + "per file as a compressed table would cut them, the last chunk of a file shorter. ratio = compressed / "
                + "uncompressed bytes over all chunks; size vs stock = this level's total compressed bytes / stock's on "
                + "the same chunks (below 1.000 is smaller). MB/s = 10^6 uncompressed bytes per second in both "
                + "directions, median (min–max) of the measured rounds; one round = whole passes over every chunk "
                + "for at least the round time. Each configuration decompresses its own output.\n\n");
        if (chartFile != null) {
            md.append("![compress MB/s against size vs stock](").append(chartFile).append(")\n\n");
        }
        appendComputed(md);
        for (int chunkKiB : options.chunkKiBs) {
            appendTable(md, chunkKiB);
        }
        appendFailures(md);
        appendChecks(md);
        appendAgentConfigExample(md);
        return md.toString();
    }

    private void appendComputed(StringBuilder md) {
        md.append("## Computed from this run\n\n");
        Map<Integer, LevelResult> stockByChunk = new LinkedHashMap<>();
        Map<Integer, List<LevelResult>> libdeflateByChunk = new LinkedHashMap<>();
        for (int chunkKiB : options.chunkKiBs) {
            LevelResult stock = stock(chunkKiB);
            if (stock == null) {
                md.append("- ").append(chunkKiB).append(" KiB: no stock result, nothing to compare with\n");
                continue;
            }
            stockByChunk.put(chunkKiB, stock);
            List<LevelResult> libdeflate = results(LevelConfig.LIBDEFLATE, chunkKiB);
            libdeflateByChunk.put(chunkKiB, libdeflate);
            Optional<LevelResult> best = LevelVerdicts.fastestNoLargerThanStock(libdeflate, stock);
            md.append("- **").append(chunkKiB).append(" KiB: fastest libdeflate level no larger than stock zlib 6: ")
                    .append(best.map(r -> "libdeflate " + r.config.level + "**: " + LevelVerdicts.cost(r, stock)
                            + " (" + Numbers.mbps(r.compress.median) + " against " + Numbers.mbps(stock.compress.median)
                            + " MB/s)")
                            .orElse("none**: every libdeflate level measured is larger than stock"))
                    .append('\n');
        }
        if (stockByChunk.size() > 1) {
            Optional<Integer> all = LevelVerdicts.levelForAllSizes(libdeflateByChunk, stockByChunk);
            md.append(all.map(l -> "- **All chunk sizes: libdeflate " + l + "**: no larger than stock at every size, "
                    + "and the highest geometric mean of compress speed over stock among such levels\n")
                    .orElse("- **All chunk sizes: none**: no libdeflate level is no larger than stock at every size\n"));
        }
        md.append('\n');
        if (options.igzipLevels.isEmpty() || stockByChunk.isEmpty()) {
            return;
        }
        md.append("What each igzip level costs against stock zlib 6 (size, compress and decompress speed):\n\n");
        List<String> headers = new ArrayList<>();
        headers.add("igzip level");
        for (int chunkKiB : stockByChunk.keySet()) {
            headers.add(chunkKiB + " KiB");
        }
        MarkdownTable table = new MarkdownTable(headers.toArray(new String[0]));
        for (int level : options.igzipLevels) {
            List<Object> row = new ArrayList<>();
            row.add("igzip " + level);
            for (Map.Entry<Integer, LevelResult> e : stockByChunk.entrySet()) {
                LevelResult r = result(LevelConfig.IGZIP, level, e.getKey());
                row.add(r == null ? "no result" : LevelVerdicts.cost(r, e.getValue()));
            }
            table.row(row.toArray());
        }
        md.append(table.render());
    }

    private void appendTable(StringBuilder md, int chunkKiB) {
        LevelResult stock = stock(chunkKiB);
        LevelResult any = stock != null ? stock : firstAt(chunkKiB);
        md.append("## ").append(chunkKiB).append(" KiB chunks");
        if (any != null) {
            md.append(" (").append(any.chunks).append(" chunks, ")
                    .append(String.format(java.util.Locale.ROOT, "%.1f MiB", any.rawBytes / 1048576.0)).append(')');
        }
        md.append("\n\n");
        MarkdownTable table = new MarkdownTable("configuration", "ratio>", "size vs stock>", "no larger than stock",
                "compress MB/s>", "compress vs stock>", "decompress MB/s>", "decompress vs stock>");
        for (LevelOutcome o : outcomes) {
            LevelResult r = o.byChunk.get(chunkKiB);
            if (!o.usable() || r == null) {
                table.row(o.config.label(), "**FAILED**", "", "", "", "", "", "");
                continue;
            }
            boolean compared = stock != null;
            table.row(o.config.label(), Numbers.ratio(r.ratio()),
                    compared ? Numbers.ratio(r.sizeVersus(stock)) : "",
                    compared ? (r.compressedBytes <= stock.compressedBytes ? "yes" : "no") : "",
                    r.compress.mbps(),
                    compared ? Numbers.times(r.compress.median / stock.compress.median) : "",
                    r.decompress.mbps(),
                    compared ? Numbers.times(r.decompress.median / stock.decompress.median) : "");
        }
        md.append(table.render());
    }

    private void appendFailures(StringBuilder md) {
        boolean any = false;
        for (LevelOutcome o : outcomes) {
            if (!o.usable()) {
                md.append(any ? "" : "## Failures\n\n").append("- **").append(o.config.label()).append("**: ")
                        .append(o.failure.replace("\n", "\n  ")).append('\n');
                any = true;
            }
        }
        if (any) {
            md.append('\n');
        }
    }

    private void appendChecks(StringBuilder md) {
        md.append("## Engine checks (each child's agent statistics after its last call)\n\n");
        for (LevelOutcome o : outcomes) {
            md.append("- ").append(o.config.label()).append(": ").append(o.usable() ? "OK " + o.check : "FAILED")
                    .append('\n');
        }
        md.append('\n');
    }

    private void appendAgentConfigExample(StringBuilder md) {
        for (LevelOutcome o : outcomes) {
            if (o.agentConfig != null) {
                md.append("Agent config of \"").append(o.config.label()).append("\" (the others differ only in engine "
                        + "and level):\n\n```\n").append(o.agentConfig).append("```\n");
                return;
            }
        }
    }

    private LevelResult stock(int chunkKiB) {
        return result(LevelConfig.STOCK, LevelConfig.STOCK_LEVEL, chunkKiB);
    }

    private LevelResult result(String engine, int level, int chunkKiB) {
        for (LevelOutcome o : outcomes) {
            if (o.usable() && o.config.engine.equals(engine) && o.config.level == level) {
                return o.byChunk.get(chunkKiB);
            }
        }
        return null;
    }

    private List<LevelResult> results(String engine, int chunkKiB) {
        List<LevelResult> found = new ArrayList<>();
        for (LevelOutcome o : outcomes) {
            if (o.usable() && o.config.engine.equals(engine) && o.byChunk.containsKey(chunkKiB)) {
                found.add(o.byChunk.get(chunkKiB));
            }
        }
        return found;
    }

    private LevelResult firstAt(int chunkKiB) {
        for (LevelOutcome o : outcomes) {
            if (o.usable() && o.byChunk.containsKey(chunkKiB)) {
                return o.byChunk.get(chunkKiB);
            }
        }
        return null;
    }
}
