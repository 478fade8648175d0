package dev.deflateaccel.lab.chunk;

/** What one row measured on one data set cut at one chunk size: throughput both ways and the ratio. */
public final class ScenarioResult {
    public Throughput compress;
    public Throughput decompress;
    /** compressed bytes / uncompressed bytes over all chunks; NaN if the fork did not report it. */
    public double ratio = Double.NaN;

    /** A scenario's name, also its key in every map of results: "calgary, 16 KiB chunks". */
    public static String scenario(String dataset, int chunkKiB) {
        return dataset + ", " + chunkKiB + " KiB chunks";
    }
}
