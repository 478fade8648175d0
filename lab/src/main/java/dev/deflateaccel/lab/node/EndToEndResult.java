package dev.deflateaccel.lab.node;

import java.util.Locale;

/** What one end-to-end run on one fresh node measured, phase by phase. */
final class EndToEndResult extends RunResult {

    /** The write (load), flush and major compaction. */
    LoadAndCompaction load = new LoadAndCompaction();
    double compactMBps;
    /** Rows x mean raw column bytes per row, in MB: the same data for every configuration. */
    double rawMB;
    double readOpsPerSecond;
    double readP99Millis;
    double readCpuMicrosPerRead;
    double sstableMB;

    double serverCompactMBps() {
        return rawMB / load.serverCompactSeconds;
    }

    @Override
    String summary() {
        return String.format(Locale.ROOT, "write %,.0f rows/s, compact %.2f s (%.1f MB/s), read %,.0f ops/s p99 %.2f ms,"
                        + " %.2f MB on disk, CPU %.0f/%.0f/%.0f us per write/compacted row/read", load.loadRowsPerSecond,
                load.compactSeconds, compactMBps, readOpsPerSecond, readP99Millis, sstableMB, load.loadCpuMicrosPerRow,
                load.compactCpuMicrosPerRow, readCpuMicrosPerRead);
    }
}
