package dev.deflateaccel.lab.scaling;

import java.util.Map;
import java.util.TreeMap;

import dev.deflateaccel.lab.tools.Numbers;

/**
 * Issue 12's "the pool never collapses": for one configuration and direction, the median
 * throughput at the largest thread count is at least 0.9 of the best median at any thread count.
 */
public final class ScalingVerdict {
    public static final double TARGET = 0.9;

    public final int bestThreads;
    public final double best;
    public final int mostThreads;
    public final double atMost;

    /** @param medianByThreads median MB/s per thread count */
    public ScalingVerdict(Map<Integer, Double> medianByThreads) {
        if (medianByThreads.isEmpty()) {
            throw new IllegalArgumentException("no thread counts");
        }
        TreeMap<Integer, Double> sorted = new TreeMap<>(medianByThreads);
        int bestAt = sorted.firstKey();
        for (Map.Entry<Integer, Double> e : sorted.entrySet()) {
            if (e.getValue() > sorted.get(bestAt)) {
                bestAt = e.getKey();
            }
        }
        this.bestThreads = bestAt;
        this.best = sorted.get(bestAt);
        this.mostThreads = sorted.lastKey();
        this.atMost = sorted.lastEntry().getValue();
    }

    public double ratio() {
        return atMost / best;
    }

    public boolean holds() {
        return ratio() >= TARGET;
    }

    public String describe() {
        String numbers = mostThreads + " threads " + Numbers.mbps(atMost) + " MB/s = "
                + String.format(java.util.Locale.ROOT, "%.2f", ratio()) + " of the best (" + Numbers.mbps(best)
                + " at " + bestThreads + ")";
        return (holds() ? "holds: " : "**COLLAPSES**: ") + numbers;
    }
}
