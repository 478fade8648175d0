package dev.deflateaccel.agent.advise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * MB/s (10^6 uncompressed bytes per second of this thread's CPU time) over repeated passes: the
 * median, and the lowest and highest pass as the spread.
 */
final class Rates {
    final double median;
    final double min;
    final double max;
    final int passes;

    private Rates(double median, double min, double max, int passes) {
        this.median = median;
        this.min = min;
        this.max = max;
        this.passes = passes;
    }

    static final Rates NONE = new Rates(Double.NaN, Double.NaN, Double.NaN, 0);

    static Rates of(List<Double> perPass) {
        if (perPass.isEmpty()) {
            return NONE;
        }
        List<Double> s = new ArrayList<>(perPass);
        Collections.sort(s);
        int n = s.size();
        double median = n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
        return new Rates(median, s.get(0), s.get(n - 1), n);
    }

    boolean measured() {
        return passes > 0 && !Double.isNaN(median) && median > 0;
    }

    /** CPU seconds per GB (10^9 uncompressed bytes). */
    double secondsPerGB() {
        return measured() ? 1000.0 / median : Double.NaN;
    }

    /** Half the spread between the slowest and the fastest pass, as a fraction of the median. */
    double spread() {
        return measured() ? (max - min) / 2 / median : Double.NaN;
    }
}
