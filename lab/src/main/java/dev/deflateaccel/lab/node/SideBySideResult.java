package dev.deflateaccel.lab.node;

import dev.deflateaccel.harness.EngineStats;

/** What one side (with or without the agent) measured. */
final class SideBySideResult {

    final String label;
    double startSeconds;
    double loadRowsPerSecond;
    /** Node CPU (utime + stime) per loaded row, per compacted row, per mixed operation. */
    double loadCpuMicrosPerRow;
    double compactionCpuMicrosPerRow;
    double mixedCpuMicrosPerOp;
    double flushSeconds;
    double compactionSeconds;
    /** The major compaction's duration as system.log gives it ("Compacted (...) in N ms"); NaN if not found. */
    double serverCompactionSeconds = Double.NaN;
    long sstableBytes;
    double mixedOpsPerSecond;
    double readP50;
    double readP99;
    double writeP50;
    double writeP99;
    long failures;
    long wrongReads;
    String dataCheck = "not run";
    EngineStats engines;

    SideBySideResult(String label) {
        this.label = label;
    }

    boolean clean() {
        return failures == 0 && wrongReads == 0 && dataCheck.startsWith("ok");
    }
}
