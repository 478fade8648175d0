package dev.deflateaccel.lab.tools;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;

/**
 * Median, minimum and maximum of a few samples (rounds or repetitions). The median rather than the
 * mean: on a shared 2-core machine one disturbed round is common, and it must not move the
 * headline; min-max shows how much the rounds disagreed. An even count takes the mean of the two
 * middle samples, as native_ref.c does, so both sides of a comparison summarise alike. Two
 * configurations are ranked only when their ranges do not overlap: with three runs on a noisy
 * machine, that is the honest resolution.
 *
 * <p>NaN samples (a measurement a run could not take) are left out; a spread of only NaN is
 * empty and prints "n/a". No samples at all is a caller's mistake and is refused.
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
        double[] sorted = Arrays.stream(samples).filter(d -> !Double.isNaN(d)).sorted().toArray();
        int n = sorted.length;
        if (n == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    public static Spread of(Collection<Double> samples) {
        return of(samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public double width() {
        return max - min;
    }

    /** Whether the two ranges share a point; touching ranges overlap. */
    public boolean overlaps(Spread other) {
        return !(max < other.min || other.max < min);
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

    /** "1.93 (1.80-2.01)" with the given number format for each value; "n/a" when empty. */
    public String format(String valueFormat) {
        if (isEmpty()) {
            return "n/a";
        }
        String m = String.format(Locale.ROOT, valueFormat, median);
        if (count == 1) {
            return m;
        }
        return m + " (" + String.format(Locale.ROOT, valueFormat, min) + "-" + String.format(Locale.ROOT, valueFormat, max) + ")";
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "median %.3f, min %.3f, max %.3f, n=%d", median, min, max, count);
    }
}
