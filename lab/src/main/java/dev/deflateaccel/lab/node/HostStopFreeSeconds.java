package dev.deflateaccel.lab.node;

import java.util.List;

import dev.deflateaccel.harness.NodeTimeline;

/**
 * The seconds of a compaction's window in which the host did not stop the VM: the CPU meter
 * (VcpuStalls, the timeline's "vcpu stall ms/s") counted no stopped time in that second nor in
 * the one before it. The second before counts too because the reads are open loop: a stop near
 * a second's end delays the reads queued behind it, and those complete in the next second.
 * The window's first second is never free, since the meter starts with it and cannot speak for
 * the second before; nor is a second whose meter had ended (NaN): nothing says the host left it
 * alone. "Free" means the meter counted no stop, not that none happened: it cannot see a stop
 * that falls while its own thread waits for a CPU (the kernel books it as that wait), so under
 * CPU pressure it can miss stops. Report 20261206-052710 had, in every configuration, a slowest
 * second with no counted stop: such a miss, or another cause (not measured).
 *
 * <p>Why: on a host that stops its VM for about 100 ms at a time (issue 37's second host), the
 * window's p99 measures when the stops fell, in stock's compactions and the fast codecs' alike.
 * The reads in the free seconds are the ones that compare the codecs; the report shows them
 * beside the whole window, never instead of it.
 */
final class HostStopFreeSeconds {
    static final String STALL = "vcpu stall ms/s";

    private HostStopFreeSeconds() {
    }

    /** For each second of {@code timeline}, whether it and the second before were free of host stops. */
    static boolean[] of(List<NodeTimeline.Second> timeline) {
        boolean[] free = new boolean[timeline.size()];
        for (int k = 0; k < free.length; k++) {
            free[k] = k > 0 && stopFree(timeline.get(k)) && stopFree(timeline.get(k - 1));
        }
        return free;
    }

    static int count(boolean[] free) {
        int n = 0;
        for (boolean f : free) {
            n += f ? 1 : 0;
        }
        return n;
    }

    private static boolean stopFree(NodeTimeline.Second second) {
        Double stalled = second.values.get(STALL);
        return stalled != null && stalled == 0;
    }
}
