package dev.deflateaccel.harness.workload;

import java.util.Arrays;

/**
 * Latencies of one kind of operation, in microseconds, each with when it completed; thread-safe
 * appends, exact percentiles, over the whole load or second by second.
 */
public final class Latencies {

    private long[] micros = new long[1 << 16];
    private long[] completedAt = new long[1 << 16];
    private int count;

    public synchronized void record(long nanos) {
        append(nanos / 1000, System.nanoTime());
    }

    /**
     * For each whole second from {@code fromNanos} (System.nanoTime) on, {@code seconds} of them, the
     * latency below which {@code percent} % of the operations that completed in it did, in ms; NaN
     * for a second in which none completed.
     */
    public synchronized double[] percentileMillisPerSecond(long fromNanos, int seconds, double percent) {
        long[][] bySecond = new long[seconds][];
        int[] n = new int[seconds];
        for (int i = 0; i < count; i++) {
            long s = secondOf(i, fromNanos);
            if (s >= 0 && s < seconds) {
                int k = (int) s;
                if (bySecond[k] == null || n[k] == bySecond[k].length) {
                    bySecond[k] = bySecond[k] == null ? new long[256] : Arrays.copyOf(bySecond[k], n[k] * 2);
                }
                bySecond[k][n[k]++] = micros[i];
            }
        }
        double[] millis = new double[seconds];
        for (int k = 0; k < seconds; k++) {
            millis[k] = n[k] == 0 ? Double.NaN : percentileMillis(Arrays.copyOf(bySecond[k], n[k]), percent);
        }
        return millis;
    }

    /**
     * The operations that completed in the whole seconds from {@code fromNanos} (System.nanoTime)
     * that {@code seconds} marks true: second k is [fromNanos + k s, fromNanos + (k + 1) s).
     */
    public synchronized Latencies completedInSeconds(long fromNanos, boolean[] seconds) {
        Latencies part = new Latencies();
        for (int i = 0; i < count; i++) {
            long k = secondOf(i, fromNanos);
            if (k >= 0 && k < seconds.length && seconds[(int) k]) {
                part.append(micros[i], completedAt[i]);
            }
        }
        return part;
    }

    /** The whole second from {@code fromNanos} in which operation i completed; -1 if it completed before. */
    private long secondOf(int i, long fromNanos) {
        long sinceFrom = completedAt[i] - fromNanos;
        return sinceFrom < 0 ? -1 : sinceFrom / 1_000_000_000L;
    }

    /** One operation of {@code latencyNanos} that completed at {@code completedAtNanos}: for tests, without waiting. */
    synchronized void recordAt(long latencyNanos, long completedAtNanos) {
        append(latencyNanos / 1000, completedAtNanos);
    }

    /** The operations that completed from {@code fromNanos} (inclusive) to {@code toNanos} (exclusive), System.nanoTime. */
    public synchronized Latencies completedBetween(long fromNanos, long toNanos) {
        Latencies part = new Latencies();
        for (int i = 0; i < count; i++) {
            if (completedAt[i] - fromNanos >= 0 && completedAt[i] - toNanos < 0) {
                part.append(micros[i], completedAt[i]);
            }
        }
        return part;
    }

    private void append(long latencyMicros, long at) {
        if (count == micros.length) {
            micros = Arrays.copyOf(micros, count * 2);
            completedAt = Arrays.copyOf(completedAt, count * 2);
        }
        completedAt[count] = at;
        micros[count++] = latencyMicros;
    }

    /** How many operations took longer than {@code millis}: what a stall cost, whatever the window's length. */
    public synchronized int countAboveMillis(double millis) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            n += micros[i] > millis * 1000 ? 1 : 0;
        }
        return n;
    }

    public synchronized int count() {
        return count;
    }

    /** The latency below which {@code percent} % of the operations completed, in milliseconds. */
    public synchronized double percentileMillis(double percent) {
        if (count == 0) {
            return Double.NaN;
        }
        return percentileMillis(Arrays.copyOf(micros, count), percent);
    }

    private static double percentileMillis(long[] micros, double percent) {
        Arrays.sort(micros);
        int index = (int) Math.ceil(percent / 100.0 * micros.length) - 1;
        return micros[Math.max(0, Math.min(micros.length - 1, index))] / 1000.0;
    }
}
