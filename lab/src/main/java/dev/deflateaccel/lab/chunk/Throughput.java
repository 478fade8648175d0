package dev.deflateaccel.lab.chunk;

import dev.deflateaccel.lab.tools.Numbers;

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
        this.error = error;
        this.median = median;
        this.min = min;
        this.max = max;
    }

    /** JMH reports ops/s where one op is one chunk of {@code chunkBytes}. */
    public static Throughput fromOpsPerSecond(double mean, double error, double median, double min, double max,
                                              int chunkBytes) {
        double toMBs = chunkBytes / 1e6;
        return new Throughput(mean * toMBs, Double.isNaN(error) ? 0 : error * toMBs, median * toMBs, min * toMBs,
                max * toMBs);
    }

    /** The number the table compares: JMH's mean score, the C reference's median. */
    public double headline() {
        return mean;
    }

    public String withError() {
        return error > 0 ? Numbers.mbps(mean) + " ± " + Numbers.mbps(error) : Numbers.mbps(mean);
    }
}
