package dev.deflateaccel.lab.node;

import java.util.List;
import java.util.Locale;

import dev.deflateaccel.harness.ThreadGroupCpu;

/** What the steady-load report shows (RunReport writes it): its measurements, one run's line, how it was measured. */
final class SteadyReport {

    private static final double MIB = 1024 * 1024;

    static final Metric<SteadyResult> CPU_PER_OP = new Metric<>("node CPU us/op", r -> r.cpuMicrosPerOp, true, "%.0f");
    static final Metric<SteadyResult> READ_P50 = new Metric<>("read p50 ms", r -> r.readP50, true, "%.2f");
    static final Metric<SteadyResult> READ_P99 = new Metric<>("read p99 ms", r -> r.readP99, true, "%.1f");
    static final Metric<SteadyResult> WRITE_P99 = new Metric<>("write p99 ms", r -> r.writeP99, true, "%.1f");
    static final Metric<SteadyResult> COMPACTION_RATE = new Metric<>("compaction MiB/s (input, whole run)",
            r -> r.whole.compactionBytesPerSecond() / MIB, false, "%.1f");
    static final Metric<SteadyResult> COMPACTION_SECONDS = new Metric<>("compaction s (whole run)",
            r -> r.whole.compactionMillis / 1000.0, true, "%.1f");
    static final Metric<SteadyResult> WINDOW_COMPACTION_SECONDS = new Metric<>("compaction s (window)",
            r -> r.window.compactionMillis / 1000.0, true, "%.1f");
    static final Metric<SteadyResult> L0_MIB = new Metric<>("L0 SSTable MiB on disk (window mean)",
            r -> r.window.meanFlushDiskBytes() / MIB, true, "%.2f");
    static final Metric<SteadyResult> L0_RATIO = new Metric<>("L0 SSTable on disk / flushed data",
            r -> r.window.meanFlushDiskBytes() / r.window.meanFlushBytes(), true, "%.2f");
    static final Metric<SteadyResult> FLUSHES = new Metric<>("flushes (window)", r -> r.window.flushes, true, "%.0f");
    static final Metric<SteadyResult> DATA_MIB = new Metric<>("Data.db MiB at end", r -> r.dataBytes / MIB, true, "%.1f");
    static final Metric<SteadyResult> PRELOAD_CPU = new Metric<>("preload CPU us/row", r -> r.preloadCpuMicrosPerRow, true, "%.0f");
    static final Metric<SteadyResult> ACHIEVED = new Metric<>("achieved ops/s", r -> r.achievedPerSecond, false, "%.0f");

    static final RunReport.Definition<SteadyResult> DEFINITION = new RunReport.Definition<>(
            "deflate-accel steady mixed load",
            List.of(CPU_PER_OP, READ_P50, READ_P99, WRITE_P99, COMPACTION_RATE, COMPACTION_SECONDS,
                    WINDOW_COMPACTION_SECONDS, FLUSHES, L0_MIB, L0_RATIO, DATA_MIB, PRELOAD_CPU, ACHIEVED),
            List.of(CPU_PER_OP, READ_P99, COMPACTION_RATE, L0_MIB, DATA_MIB),
            List.of(CPU_PER_OP, READ_P99, COMPACTION_RATE, DATA_MIB),
            CPU_PER_OP,
            group -> new Metric<>("&nbsp;&nbsp;of which " + group + " threads, us/op",
                    r -> r.cpuMicrosPerOpByGroup.getOrDefault(group, 0.0), true, "%.0f"),
            r -> String.format(Locale.ROOT, "%.0f us/op, achieved %.0f/s (%,d late sends), read p50/p99"
                            + " %.2f/%.1f ms, write p50/p99 %.2f/%.1f ms, failures %d, wrong reads %d;"
                            + " window: %s; whole run: %s; preload %,.0f points/s",
                    r.cpuMicrosPerOp, r.achievedPerSecond, r.lateSends, r.readP50, r.readP99, r.writeP50,
                    r.writeP99, r.failures, r.wrongReads, r.window, r.whole, r.preloadRowsPerSecond),
            r -> r.engines.line,
            List.of("node CPU us/op: utime+stime of the Cassandra process (/proc/<pid>/stat) over the measured window,"
                            + " divided by the requests completed in it; it includes the window's flushes and compactions.",
                    ThreadGroupCpu.HOW_SPLIT,
                    "the measured window follows an unmeasured warm-up at the same rate (JIT of the read path).",
                    "latencies: from each request's scheduled send time (open loop, no coordinated omission) to its"
                            + " answer; reads are point reads of random preloaded points, each checked.",
                    "compaction MiB/s: input bytes (compressed, on disk) / duration, summed over the table's"
                            + " \"Compacted (...)\" lines in system.log for the whole run (preload included). The input is"
                            + " compressed bytes, so a compressor with a worse ratio feeds compaction more bytes for the same rows.",
                    "flushes: the table's \"Completed flushing\" lines in the window; that line gives the flushed"
                            + " data's uncompressed size, so the L0 Data.db files it names are measured on disk (polled twice a"
                            + " second, before compaction removes them); L0 ratio = on-disk / uncompressed.",
                    "every node: memtable_heap_space 16MiB (frequent flushes, so compactions run during the window),"
                            + " compaction_throughput 0MiB/s (unthrottled); flush_compression fast (stock) unless the configuration"
                            + " says table."));

    private SteadyReport() {
    }
}
