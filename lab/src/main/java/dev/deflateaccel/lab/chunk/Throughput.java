package dev.deflateaccel.lab.chunk;

import dev.deflateaccel.lab.tools.Numbers;
import dev.deflateaccel.lab.tools.Spread;

/**
 * A throughput in MB/s of uncompressed data (MB = 10^6 bytes). From JMH: mean with the 99.9%
 * confidence half-width JMH calls "error", and the median of the measured iterations. From the C
 * reference: median of repetitions with min and max, and no error.
 */
public final class Throughput {
    public final double mean;
    public final double error;
    public final double median;
    public final double min;
    public final double max;

    public Throughput(double mean, double error, double median, double min, double max) {
        this.mean = mean;
        this.error = Double.isNaN(error) ? 0 : error; // JMH has no error for a single iteration
        this.median = median;
        this.min = min;
        this.max = max;
    }

    /** The C reference's repetitions: the median is its headline. */
    public static Throughput ofRepetitions(Spread s) {
        return new Throughput(s.median, 0, s.median, s.min, s.max);
    }

    /** The number the table compares: JMH's mean score, the C reference's median. */
    public double headline() {
        return mean;
    }

    public String withError() {
        return error > 0 ? Numbers.mbps(mean) + " ± " + Numbers.mbps(error) : Numbers.mbps(mean);
    }

    /** e.g. "48.9 (47.7–61.0)": median (min–max). */
    public String spread() {
        return Numbers.mbps(median) + " (" + Numbers.mbps(min) + "–" + Numbers.mbps(max) + ")";
    }
}
