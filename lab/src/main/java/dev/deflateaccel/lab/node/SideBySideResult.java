package dev.deflateaccel.lab.node;

import java.util.Locale;

/** What one side (with or without the agent) measured in one round. */
final class SideBySideResult extends RunResult {

    LoadAndCompaction load = new LoadAndCompaction();
    long sstableBytes;
    double mixedOpsPerSecond;
    /** Node CPU (utime + stime) per mixed operation. */
    double mixedCpuMicrosPerOp;
    double readP50;
    double readP99;
    double writeP50;
    double writeP99;
    String dataCheck = "not run";

    /**
     * No failed request, no wrong read, every row read back. The engines are printed for the
     * reader, not checked: the stock side has none, and the verdict compares what each side did.
     */
    @Override
    boolean clean() {
        return failures == 0 && wrongReads == 0 && dataCheck.startsWith("ok");
    }

    /** The run's main figures in one console line, printed when it ends. */
    String line() {
        return String.format(Locale.ROOT, "load %,.0f rows/s, compaction %.2f s, mixed %,.0f ops/s at %.0f us CPU/op,"
                        + " read p99 %.2f ms, read-back %s", load.loadRowsPerSecond, load.majorCompactionSeconds(),
                mixedOpsPerSecond, mixedCpuMicrosPerOp, readP99, dataCheck);
    }
}
