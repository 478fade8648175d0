package dev.deflateaccel.bridge;

import java.lang.management.ManagementFactory;

/**
 * What a call allocates on the Java heap, measured with the JVM's per-thread allocation counter
 * (com.sun.management.ThreadMXBean), which counts this thread alone: the same number JMH's gc
 * profiler reports, without its other threads.
 */
public final class ThreadAllocation {
    private ThreadAllocation() {
    }

    /**
     * Bytes per call of {@code call}, over {@code calls} calls after as many unmeasured ones: class
     * loading, first-call set-up and the JIT's early tiers allocate a few hundred bytes once.
     */
    public static double bytesPerCall(Runnable call, int calls) {
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        long before = allocatedBytes();
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        return (double) (allocatedBytes() - before) / calls;
    }

    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        @SuppressWarnings("deprecation")
        long id = Thread.currentThread().getId();
        return threads.getThreadAllocatedBytes(id);
    }
}
