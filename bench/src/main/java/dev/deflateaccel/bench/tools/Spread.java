package dev.deflateaccel.bench.tools;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Median, minimum and maximum of a few samples (rounds or repetitions). The median rather than the
 * mean: on a shared 2-core machine one disturbed round is common, and it must not move the
 * headline; min-max shows how much the rounds disagreed. An even count takes the mean of the two
 * middle samples, as native_ref.c does, so both sides of a comparison summarise alike.
 */
public final class Spread {
    public final double median;
    public final double min;
    public final double max;
    public final int count;

    private Spread(double median, double min, double max, int count) {
        this.median = median;
        this.min = min;
        this.max = max;
        this.count = count;
    }

    public static Spread of(double... samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    public static Spread of(List<Double> samples) {
        return of(samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** (max - min) / median: how far apart the samples were, relative to the headline. */
    public double relativeWidth() {
        return median == 0 ? Double.NaN : (max - min) / median;
    }

    /** e.g. "48.9 (45.1–50.2)" for MB/s. */
    public String mbps() {
        return Numbers.mbps(median) + " (" + Numbers.mbps(min) + "–" + Numbers.mbps(max) + ")";
    }

    /** e.g. "0.93 (0.88–0.97)" for ratios. */
    public String ratio() {
        return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", median, min, max);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "median %.3f, min %.3f, max %.3f, n=%d", median, min, max, count);
    }
}
