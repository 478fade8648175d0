package dev.deflateaccel.lab.tools;

import java.io.IOException;

/**
 * The timing method shared by the level table and the efficiency benchmark, and the same as
 * native_ref.c's: one round = whole passes over every chunk, repeated until at least
 * {@code minSeconds} have gone by, timed with a monotonic clock around the whole round. MB/s =
 * 10^6 uncompressed bytes per second in both directions. Whole passes mean every chunk weighs
 * the same in every round, whatever the round's length.
 */
public final class PassTimer {
    /** One pass over every chunk; returns something derived from the output, so it cannot be dropped. */
    public interface Pass {
        long run() throws IOException;
    }

    /** Written so the JIT cannot prove the passes' results unused. */
    public static volatile long sink;

    private PassTimer() {
    }

    /** MB/s of one round. */
    public static double round(Pass pass, long uncompressedBytesPerPass, double minSeconds) throws IOException {
        long passes = 0;
        long acc = 0;
        long start = System.nanoTime();
        long elapsed;
        long min = (long) (minSeconds * 1e9);
        do {
            acc += pass.run();
            passes++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < min);
        sink += acc;
        return passes * (double) uncompressedBytesPerPass / (elapsed / 1e9) / 1e6;
    }

    /** {@code warmup} discarded rounds, then {@code rounds} measured ones; the MB/s of each measured round. */
    public static double[] rounds(Pass pass, long uncompressedBytesPerPass, int warmup, int rounds, double minSeconds)
            throws IOException {
        for (int i = 0; i < warmup; i++) {
            round(pass, uncompressedBytesPerPass, minSeconds);
        }
        double[] mbps = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            mbps[i] = round(pass, uncompressedBytesPerPass, minSeconds);
        }
        return mbps;
    }
}
