package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * MB/s (10^6 uncompressed bytes per second of this thread's CPU time) over repeated passes: the
 * median, the lowest and highest pass, and the quartiles, which the ties are judged on (one pass
 * slowed by a collection or a neighbour moves the extremes, not the quartiles).
 */
final class Rates {
    final double median;
    final double min;
    final double max;
    final double lowerQuartile;
    final double upperQuartile;
    final int passes;

    private Rates(double median, double min, double max, double lowerQuartile, double upperQuartile, int passes) {
        this.median = median;
        this.min = min;
        this.max = max;
        this.lowerQuartile = lowerQuartile;
        this.upperQuartile = upperQuartile;
        this.passes = passes;
    }

    static final Rates NONE = new Rates(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);

    static Rates of(List<Double> perPass) {
        if (perPass.isEmpty()) {
            return NONE;
        }
        List<Double> s = new ArrayList<>(perPass);
        Collections.sort(s);
        int n = s.size();
        double median = n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
        return new Rates(median, s.get(0), s.get(n - 1), quantile(s, 0.25), quantile(s, 0.75), n);
    }

    /** Linear between the sorted passes. */
    private static double quantile(List<Double> sorted, double q) {
        double at = q * (sorted.size() - 1);
        int lo = (int) Math.floor(at);
        int hi = Math.min(sorted.size() - 1, lo + 1);
        return sorted.get(lo) + (sorted.get(hi) - sorted.get(lo)) * (at - lo);
    }

    /** Half the inter-quartile range, in CPU s/GB: the spread the goals' ties are judged on. */
    double spreadSecondsPerGB() {
        return measured() && lowerQuartile > 0 ? (1000 / lowerQuartile - 1000 / upperQuartile) / 2 : 0;
    }

    boolean measured() {
        return passes > 0 && !Double.isNaN(median) && median > 0;
    }

    /** CPU seconds per GB (10^9 uncompressed bytes). */
    double secondsPerGB() {
        return measured() ? 1000.0 / median : Double.NaN;
    }
}
