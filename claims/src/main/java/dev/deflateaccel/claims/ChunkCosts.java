package dev.deflateaccel.claims;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.tools.MarkdownTables;

/**
 * What one 16 KiB chunk costs each engine, in µs, from committed per-chunk reports:
 * t = 16,384 bytes / (median MB/s), MB being 10^6 bytes as the reports count it. The Deflate
 * engines come from a levels report (Cassandra's own rows), LZ4 and Zstd, which the levels
 * benchmark does not run, from the chunk report on Calgary: a different input, said so beside
 * the figures that use them.
 */
final class ChunkCosts {
    static final double CHUNK_BYTES = 16_384;

    /** Engine name to {compress µs, decompress µs}. */
    final Map<String, double[]> micros = new LinkedHashMap<>();
    final Path levels;
    final Path chunk;

    ChunkCosts(Path levelsReport, Path chunkReport) {
        this.levels = levelsReport;
        this.chunk = chunkReport;
        MarkdownTables.Table rows = sixteenKiB(MarkdownTables.of(FigureCheck.read(levelsReport)), "compress MB/s");
        put("stock zlib 6", rows, "stock zlib 6", "compress MB/s", "decompress MB/s");
        put("libdeflate 6", rows, "libdeflate 6", "compress MB/s", "decompress MB/s");
        put("igzip 1", rows, "igzip 1", "compress MB/s", "decompress MB/s");
        put("igzip 3", rows, "igzip 3", "compress MB/s", "decompress MB/s");
        MarkdownTables.Table calgary = MarkdownTables.of(FigureCheck.read(chunkReport)).stream()
                .filter(t -> t.section.startsWith("## Details")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no details table in " + chunkReport));
        put("LZ4", calgary, "LZ4Compressor", "compress", "decompress");
        put("Zstd 3", calgary, "ZstdCompressor", "compress", "decompress");
    }

    double compress(String engine) {
        return of(engine)[0];
    }

    double decompress(String engine) {
        return of(engine)[1];
    }

    private double[] of(String engine) {
        double[] t = micros.get(engine);
        if (t == null) {
            throw new IllegalArgumentException("no per-chunk cost for " + engine);
        }
        return t;
    }

    private void put(String engine, MarkdownTables.Table table, String row, String compress, String decompress) {
        micros.put(engine, new double[] {CHUNK_BYTES / NodeReport.first(table.cell(row, compress)),
                CHUNK_BYTES / NodeReport.first(table.cell(row, decompress))});
    }

    private static MarkdownTables.Table sixteenKiB(List<MarkdownTables.Table> tables, String column) {
        return tables.stream().filter(t -> t.section.startsWith("## 16 KiB chunks") && t.columns.contains(column))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no 16 KiB table"));
    }
}
