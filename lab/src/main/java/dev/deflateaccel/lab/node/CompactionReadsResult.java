package dev.deflateaccel.lab.node;

import java.util.List;

import dev.deflateaccel.harness.NodeTimeline;
import dev.deflateaccel.harness.workload.FixedRateLoad;
import dev.deflateaccel.harness.workload.Latencies;

/**
 * What one reads-during-compaction run measured: the same major compaction of the same table
 * twice, unthrottled and throttled (--throttle-mibs, by default Cassandra's 64 MiB/s), each with
 * point reads before it (the window without compaction) and throughout it.
 */
final class CompactionReadsResult extends RunResult {

    /** One table's two windows and its major compaction. */
    static final class Phase {
        final Reads quiet = new Reads();
        final Reads during = new Reads();
        /**
         * The reads of a fixed window from the compaction's start (--window-seconds; empty without):
         * what a dashboard's window of that length shows, however soon the compaction ends in it.
         */
        final Reads fixedWindow = new Reads();
        /**
         * The reads during compaction that completed in seconds the host did not stop the VM
         * ({@link HostStopFreeSeconds}), and how many such seconds the window had.
         */
        final Reads duringStopFree = new Reads();
        int stopFreeSeconds;
        /** The compaction's own time, from its "Compacted (...) in N ms" line. */
        double compactionSeconds;
        /** Bytes the compaction read and wrote (on disk), from the same line. */
        long bytesIn;
        long bytesOut;
        /** CPU of the compaction threads over the reads window around the compaction; of the JIT compilers and G1's threads. */
        double compactionThreadSeconds;
        double jitThreadSeconds;
        double gcThreadSeconds;
        /** Length of that reads window: from the compaction's start to its end as the client saw it. */
        double windowSeconds;
        /** That window second by second: the node's and the host's signals, and the reads' p50 and p99 in each. */
        List<NodeTimeline.Second> timeline = List.of();
        double[] readP50PerSecond = {};
        double[] readP99PerSecond = {};

        double compactionCpuPerSecond() {
            return perSecond(compactionThreadSeconds);
        }

        double perSecond(double cpuSeconds) {
            return windowSeconds == 0 ? Double.NaN : cpuSeconds / windowSeconds;
        }

        /** MB (10^6 bytes, on disk) the compaction read per second of its own time. */
        double megabytesPerSecond() {
            return compactionSeconds == 0 ? Double.NaN : bytesIn / 1e6 / compactionSeconds;
        }
    }

    /** Latency percentiles and counts of one window of fixed-rate point reads. */
    static final class Reads {
        double p50;
        double p99;
        double p999;
        long count;
        /** Reads over 10 ms: a stall's cost in reads, which a window's percentile hides or shows by its length. */
        long over10ms;
        long late;
        long failures;
        long wrong;

        void measure(FixedRateLoad load) {
            measure(load, load.reads);
        }

        /** {@code reads}: those of {@code load}'s reads that fall in the window; late, failures and wrong: all of its. */
        void measure(FixedRateLoad load, Latencies reads) {
            p50 = reads.percentileMillis(50);
            p99 = reads.percentileMillis(99);
            p999 = reads.percentileMillis(99.9);
            count = reads.count();
            over10ms = reads.countAboveMillis(10);
            late = load.lateSends.get();
            failures = load.failures.get();
            wrong = load.wrongReads.get();
        }
    }

    final Phase unthrottled = new Phase();
    final Phase throttled = new Phase();
    /** Data.db bytes of one imported table, before compaction. */
    long tableBytes;
    @Override
    boolean clean() {
        return super.clean() && unthrottled.quiet.failures + unthrottled.during.failures + throttled.quiet.failures
                + throttled.during.failures == 0 && unthrottled.quiet.wrong + unthrottled.during.wrong
                + throttled.quiet.wrong + throttled.during.wrong == 0;
    }
}
