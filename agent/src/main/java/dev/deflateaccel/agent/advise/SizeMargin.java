package dev.deflateaccel.agent.advise;

/**
 * How far a size predicted from a sample may be from what every chunk would give: about two
 * standard errors of the ratio estimator (the row's bytes over the stored bytes, chunk by chunk),
 * with the finite-population correction, so that it is 0 when every chunk was read and shrinks as
 * the sample grows. A fraction of the predicted size.
 */
final class SizeMargin {
    static final double Z = 2.0;

    private SizeMargin() {
    }

    /**
     * @param current each sampled chunk's stored bytes
     * @param row the same chunks' bytes with the row's engine
     * @param population chunks in the table (of this compressor)
     */
    static double of(long[] current, long[] row, long population) {
        int n = Math.min(current.length, row.length);
        if (n < 2 || population <= n) {
            return 0;
        }
        double sumCurrent = 0;
        double sumRow = 0;
        for (int i = 0; i < n; i++) {
            sumCurrent += current[i];
            sumRow += row[i];
        }
        if (sumCurrent == 0 || sumRow == 0) {
            return 0;
        }
        double ratio = sumRow / sumCurrent;
        double residuals = 0;
        for (int i = 0; i < n; i++) {
            double d = row[i] - ratio * current[i];
            residuals += d * d;
        }
        double meanCurrent = sumCurrent / n;
        double variance = (1 - (double) n / population) / n * (residuals / (n - 1)) / (meanCurrent * meanCurrent);
        return Z * Math.sqrt(variance) / ratio;
    }
}
