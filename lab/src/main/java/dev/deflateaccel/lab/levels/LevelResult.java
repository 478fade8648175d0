package dev.deflateaccel.lab.levels;

import java.util.Map;
import java.util.TreeMap;

import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ProtocolLine;
import dev.deflateaccel.lab.tools.Spread;

/** One configuration at one chunk size: total sizes and the spread of its timed rounds. */
public final class LevelResult {
    public final Configuration config;
    public final int chunkKiB;
    public final int chunks;
    public final long rawBytes;
    public final long compressedBytes;
    public final Spread compress;
    public final Spread decompress;

    public LevelResult(Configuration config, int chunkKiB, int chunks, long rawBytes, long compressedBytes,
                       Spread compress, Spread decompress) {
        this.config = config;
        this.chunkKiB = chunkKiB;
        this.chunks = chunks;
        this.rawBytes = rawBytes;
        this.compressedBytes = compressedBytes;
        this.compress = compress;
        this.decompress = decompress;
    }

    /** A usable run's results by chunk size (KiB), from its {@code @@ result} lines; empty for a failed run. */
    static Map<Integer, LevelResult> byChunk(Run run) {
        Map<Integer, LevelResult> byChunk = new TreeMap<>();
        for (ProtocolLine line : run.usable() ? run.results : java.util.List.<ProtocolLine>of()) {
            byChunk.put(line.getInt("chunkKiB"), new LevelResult(run.configuration, line.getInt("chunkKiB"),
                    line.getInt("chunks"), line.getLong("rawBytes"), line.getLong("compressedBytes"),
                    Spread.of(line.getDoubles("compress")), Spread.of(line.getDoubles("decompress"))));
        }
        return byChunk;
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
