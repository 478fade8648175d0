package dev.deflateaccel.it.programs;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;

/**
 * The values one measurement took over repeated runs: median and range. Two configurations are
 * ranked only when their ranges do not overlap - with three runs on a noisy machine, that is the
 * honest resolution.
 *
 * <p>A deliberate repeat of bench's {@code tools.Spread}: it/ does not depend on bench, whose
 * class path carries JMH and its own Cassandra jars, for one small value class.
 */
final class Spread {

    final double median;
    final double min;
    final double max;
    final int count;

    private Spread(double median, double min, double max, int count) {
        this.median = median;
        this.min = min;
        this.max = max;
        this.count = count;
    }

    /** NaN values (a measurement that was not available in a run) are left out. */
    static Spread of(Collection<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return new Spread(median, v[0], v[v.length - 1], v.length);
    }

    static Spread of(double... values) {
        return of(Arrays.stream(values).boxed().collect(java.util.stream.Collectors.toList()));
    }

    double width() {
        return max - min;
    }

    boolean overlaps(Spread other) {
        return !(max < other.min || other.max < min);
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** "1.93 (1.80-2.01)" with the given number format for each value. */
    String format(String valueFormat) {
        if (isEmpty()) {
            return "n/a";
        }
        String m = String.format(Locale.ROOT, valueFormat, median);
        if (count == 1) {
            return m;
        }
        return m + " (" + String.format(Locale.ROOT, valueFormat, min) + "-" + String.format(Locale.ROOT, valueFormat, max) + ")";
    }
}
