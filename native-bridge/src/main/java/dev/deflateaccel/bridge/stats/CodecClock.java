package dev.deflateaccel.bridge.stats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

import dev.deflateaccel.bridge.threads.CompactionThreadNice;

/**
 * Times codec calls on a sample: one call in {@value #SAMPLE_EVERY} per thread is timed with the
 * thread's CPU clock, from the moment Cassandra's woven method is entered to the moment it
 * returns, whichever engine (or Cassandra's own code) served it; the others are only counted. The
 * timed calls' CPU is booked to the engine and direction that served the call and to the caller's
 * {@link CallerGroup}, and {@link EngineStatistics} counts each timed call for {@value #SAMPLE_EVERY}.
 *
 * <p>Why a sample: reading a thread's CPU clock is a system call, about 1.6 us on this project's
 * VM (lab/results/20261204-183016-codec-clock-overhead.md), so timing every call would cost about
 * a quarter of a 4 KiB libdeflate decompression. Sampled, a call costs a thread-local read and a
 * decrement, and the clock's cost is spread over {@value #SAMPLE_EVERY} calls: 100 ns per call on
 * average there, 0.75% of that decompression. Each thread starts its countdown at a random point
 * so that threads doing the same work in lockstep do not all sample the same kind of call, and
 * after each timed call draws the next gap at random, {@value #SAMPLE_EVERY} on average (from
 * half to one and a half times it). A fixed gap of 32 aliased with a compaction's calls, which
 * alternate decompressing a chunk and compressing one: a thread whose countdown started on a
 * compression timed only compressions and booked each 32-fold, so a stock node's compaction
 * showed 41-43 ms of codec CPU per MB, 114-121% of the node's CPU, against 25 ms in the runs whose
 * countdown fell on both (the side-by-side runs of 2026-12-07 01:10).
 *
 * <p>A timed interval also holds the clock's own cost: the end of the first read and the start of
 * the second. Booked {@value #SAMPLE_EVERY}-fold, that would add one clock read (1.6 us there) to
 * every call's estimate, 4-12% of a fast engine's 4-16 KiB call, and more to the fast engines than
 * to Cassandra's zlib. So each timed call books its interval minus {@link #clockReadNanos()}: two
 * back-to-back reads' interval, measured once. Checked against perf on a node:
 * lab/node-results/20261205-002313-codec-share.md.
 *
 * <p>A JVM that cannot give a thread's CPU time (it may be unsupported or switched off) is timed
 * by the wall clock instead, which also counts the time a call waited (a page fault on a mapped
 * file, a descheduled thread); {@link #measuresCpuTime()} says which, and the status line says it.
 */
public final class CodecClock {
    /** One call in this many, per thread, is timed. */
    public static final int SAMPLE_EVERY = 32;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = cpuTimeUsable();
    /** Pairs of back-to-back reads: the first half lets the JIT compile the read, the second is measured. */
    private static final int CALIBRATION_PAIRS = 2000;
    private static final long CLOCK_READ_NANOS = calibrate();
    private static final ThreadLocal<Call> CALL = new ThreadLocal<Call>() {
        @Override
        protected Call initialValue() {
            return new Call();
        }
    };

    private CodecClock() {
    }

    /** This thread's woven call in progress: whether it is timed, since when, and who served it. */
    public static final class Call {
        private int countdown = 1 + ThreadLocalRandom.current().nextInt(SAMPLE_EVERY);
        private boolean timed;
        private long start;
        private EngineStatistics servedBy;

        /** Whether this call's clock runs (tests). */
        boolean isTimed() {
            return timed;
        }

        /** The call was served by {@code stats}' engine and direction (the last one named wins). */
        public void servedBy(EngineStatistics stats) {
            servedBy = stats;
        }

        /** The call returned: a timed call's CPU goes to whoever served it. Idempotent. */
        public void end() {
            if (timed) {
                timed = false;
                EngineStatistics s = servedBy;
                servedBy = null;
                long end = now();
                CallerGroup group = CallerGroup.of(Thread.currentThread().getName());
                // -1: thread CPU time was switched off after start-up; such a call is not booked.
                if (s != null && start >= 0 && end >= 0) {
                    s.timed(group, Math.max(0, end - start - CLOCK_READ_NANOS));
                }
                // Outside the timed interval: a compaction thread's first sampled calls set its nice value.
                CompactionThreadNice.onSampledCall(group == CallerGroup.COMPACTION);
            }
        }
    }

    /**
     * A woven method was entered on this thread: decides whether this call is timed, and starts
     * its clock if so. Always resets the thread's state, so a call that threw before its end (and
     * left a clock running) is never booked.
     */
    public static Call begin() {
        Call c = CALL.get();
        c.servedBy = null;
        if (--c.countdown <= 0) {
            c.countdown = SAMPLE_EVERY / 2 + ThreadLocalRandom.current().nextInt(SAMPLE_EVERY + 1);
            c.timed = true;
            c.start = now();
        } else {
            c.timed = false;
        }
        return c;
    }

    /** This thread's call, for the bridge to say which engine served it. */
    public static Call current() {
        return CALL.get();
    }

    /** Thread CPU time (true), or wall time because this JVM cannot give a thread's CPU time (false). */
    public static boolean measuresCpuTime() {
        return CPU_TIME;
    }

    /** The clock's own share of a timed interval, subtracted from each: see the class comment. */
    public static long clockReadNanos() {
        return CLOCK_READ_NANOS;
    }

    /** The median interval of back-to-back clock reads, after as many unmeasured ones. */
    private static long calibrate() {
        long[] intervals = new long[CALIBRATION_PAIRS / 2];
        for (int i = 0; i < CALIBRATION_PAIRS; i++) {
            long a = now();
            long b = now();
            if (i >= CALIBRATION_PAIRS / 2) {
                intervals[i - CALIBRATION_PAIRS / 2] = Math.max(0, b - a);
            }
        }
        Arrays.sort(intervals);
        return intervals[intervals.length / 2];
    }

    private static long now() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    private static boolean cpuTimeUsable() {
        try {
            if (!THREADS.isCurrentThreadCpuTimeSupported()) {
                return false;
            }
            if (!THREADS.isThreadCpuTimeEnabled()) {
                return false; // switched off by someone on purpose: leave it off, time by the wall clock
            }
            return THREADS.getCurrentThreadCpuTime() >= 0;
        } catch (RuntimeException | Error e) {
            return false;
        }
    }
}
