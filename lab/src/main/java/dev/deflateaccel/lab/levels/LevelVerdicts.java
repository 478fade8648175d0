package dev.deflateaccel.lab.levels;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.deflateaccel.lab.tools.Numbers;

/**
 * The computed lines of the level table, the rules that choose the defaults from the data:
 * libdeflate's default is the fastest level (highest median compress MB/s) whose total output
 * is no larger than stock zlib 6's on the same chunks; igzip's levels are stated by what each
 * costs against stock.
 */
public final class LevelVerdicts {
    private LevelVerdicts() {
    }

    /** At one chunk size: the fastest candidate no larger than stock, if any is. */
    public static Optional<LevelResult> fastestNoLargerThanStock(List<LevelResult> candidates, LevelResult stock) {
        LevelResult best = null;
        for (LevelResult r : candidates) {
            if (r.compressedBytes <= stock.compressedBytes
                    && (best == null || r.compress.median > best.compress.median)) {
                best = r;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Across chunk sizes: among the levels no larger than stock at every size, the one with the
     * highest geometric mean of its compress speed over stock's (each size weighs the same,
     * whatever its absolute MB/s). Levels missing at a size do not qualify.
     *
     * @param candidatesByChunk per chunk size (KiB), one engine's results at each of its levels
     * @param stockByChunk      per chunk size, stock zlib 6's result on the same chunks
     */
    public static Optional<Integer> levelForAllSizes(Map<Integer, List<LevelResult>> candidatesByChunk,
                                                      Map<Integer, LevelResult> stockByChunk) {
        Integer bestLevel = null;
        double bestScore = 0;
        for (int level : levelsIn(candidatesByChunk)) {
            double logSum = 0;
            boolean qualifies = true;
            for (Map.Entry<Integer, List<LevelResult>> e : candidatesByChunk.entrySet()) {
                LevelResult stock = stockByChunk.get(e.getKey());
                LevelResult r = find(e.getValue(), level);
                if (stock == null || r == null || r.compressedBytes > stock.compressedBytes) {
                    qualifies = false;
                    break;
                }
                logSum += Math.log(r.compress.median / stock.compress.median);
            }
            double score = Math.exp(logSum / candidatesByChunk.size());
            if (qualifies && (bestLevel == null || score > bestScore)) {
                bestLevel = level;
                bestScore = score;
            }
        }
        return Optional.ofNullable(bestLevel);
    }

    /** What a level costs against stock: size, compress and decompress speed, e.g. for igzip. */
    public static String cost(LevelResult r, LevelResult stock) {
        return Numbers.signedPercent(r.sizeVersus(stock) - 1) + " size, "
                + Numbers.times(r.compress.median / stock.compress.median) + " compress, "
                + Numbers.times(r.decompress.median / stock.decompress.median) + " decompress";
    }

    private static List<Integer> levelsIn(Map<Integer, List<LevelResult>> byChunk) {
        return byChunk.values().stream().flatMap(List::stream).map(r -> r.config.level).distinct()
                .collect(Collectors.toList());
    }

    /** The result at {@code level}, or null. */
    static LevelResult find(List<LevelResult> results, int level) {
        return results.stream().filter(r -> r.config.level == level).findFirst().orElse(null);
    }
}
