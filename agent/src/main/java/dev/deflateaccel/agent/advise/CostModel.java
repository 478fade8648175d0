package dev.deflateaccel.agent.advise;

import java.util.Locale;

/**
 * How decompress and compress CPU add up to the one figure the goals weigh: CPU seconds per GB
 * written, with each byte decompressed {@link #readsPerWrite} times per time it is compressed. The
 * default 1 is one compaction (read once, written once); {@code --read-write 3:1} counts a table's
 * reads as well, three bytes decompressed for every byte compressed.
 */
final class CostModel {
    static final CostModel COMPACTION = new CostModel(1, 1);

    final double reads;
    final double writes;
    final double readsPerWrite;

    CostModel(double reads, double writes) {
        if (!(reads >= 0) || !(writes > 0) || Double.isInfinite(reads) || Double.isInfinite(writes)) {
            throw new IllegalArgumentException("--read-write takes R:W, two numbers with W above 0");
        }
        this.reads = reads;
        this.writes = writes;
        this.readsPerWrite = reads / writes;
    }

    /** {@code R:W}, e.g. {@code 3:1}. */
    static CostModel parse(String mix) {
        String[] parts = mix.split(":");
        if (parts.length != 2) {
            throw new IllegalArgumentException("--read-write takes R:W (e.g. 3:1), not '" + mix + "'");
        }
        try {
            return new CostModel(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--read-write takes R:W (e.g. 3:1), not '" + mix + "'");
        }
    }

    double cost(double decompressSecondsPerGB, double compressSecondsPerGB) {
        return readsPerWrite * decompressSecondsPerGB + compressSecondsPerGB;
    }

    boolean isCompaction() {
        return readsPerWrite == 1;
    }

    /** For the report: what the CPU column adds up. */
    String describe() {
        return isCompaction() ? "compaction: decompress + compress"
                : String.format(Locale.ROOT, "read-write %s:%s: %s x decompress + compress", plain(reads), plain(writes),
                        plain(readsPerWrite));
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.2f", d);
    }
}
