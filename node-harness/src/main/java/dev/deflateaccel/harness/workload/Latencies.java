package dev.deflateaccel.harness.workload;

import java.util.Arrays;

/** Latencies of one kind of operation, in microseconds; thread-safe appends, exact percentiles. */
public final class Latencies {

    private long[] micros = new long[1 << 16];
    private int count;

    public synchronized void record(long nanos) {
        if (count == micros.length) {
            micros = Arrays.copyOf(micros, count * 2);
        }
        micros[count++] = nanos / 1000;
    }

    public synchronized int count() {
        return count;
    }

    /** The latency below which {@code percent} % of the operations completed, in milliseconds. */
    public synchronized double percentileMillis(double percent) {
        if (count == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(micros, count);
        Arrays.sort(sorted);
        int index = (int) Math.ceil(percent / 100.0 * count) - 1;
        return sorted[Math.max(0, Math.min(count - 1, index))] / 1000.0;
    }
}
