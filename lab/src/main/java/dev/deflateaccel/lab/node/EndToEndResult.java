package dev.deflateaccel.lab.node;


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
}
