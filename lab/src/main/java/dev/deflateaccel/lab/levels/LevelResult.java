package dev.deflateaccel.lab.levels;

import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.Spread;

/** One configuration at one chunk size: total sizes and the spread of its timed rounds. */
public final class LevelResult {
    public final LevelConfig config;
    public final int chunkKiB;
    public final int chunks;
    public final long rawBytes;
    public final long compressedBytes;
    public final Spread compress;
    public final Spread decompress;

    public LevelResult(LevelConfig config, int chunkKiB, int chunks, long rawBytes, long compressedBytes,
                       Spread compress, Spread decompress) {
        this.config = config;
        this.chunkKiB = chunkKiB;
        this.chunks = chunks;
        this.rawBytes = rawBytes;
        this.compressedBytes = compressedBytes;
        this.compress = compress;
        this.decompress = decompress;
    }

    /** From a child's {@code @@ result} line. */
    static LevelResult parse(LevelConfig config, ProtocolLine line) {
        return new LevelResult(config, Integer.parseInt(line.get("chunkKiB")), Integer.parseInt(line.get("chunks")),
                line.getLong("rawBytes"), line.getLong("compressedBytes"),
                Spread.of(line.getDoubles("compress")), Spread.of(line.getDoubles("decompress")));
    }

    /** compressed / uncompressed, like nodetool's "SSTable Compression Ratio" (lower is better). */
    public double ratio() {
        return (double) compressedBytes / rawBytes;
    }

    /** This configuration's total compressed size over the baseline's, on the same chunks. */
    public double sizeVersus(LevelResult baseline) {
        return (double) compressedBytes / baseline.compressedBytes;
    }
}
