package dev.deflateaccel.lab.node;

import java.util.Locale;

/**
 * One phase of the side-by-side: one configuration on the shared node, its major compaction and
 * its mixed load. Codec CPU is the agent's own clock (thread CPU time around every call), which
 * times Cassandra's own code too when every engine is off.
 */
final class SideBySideResult extends RunResult {

    static final double MB = 1e6;

    /** The major compaction's duration as system.log gives it; nodetool's wall time where it gave none. */
    double compactionSeconds;
    /** What the compaction wrote, uncompressed: the bytes handed to the codec to compress. */
    long compactedBytes;
    /**
     * The compaction's output on disk, from the server's "Compacted" line: compressed chunks and
     * their checksums (the agent counts no output for Cassandra's own code, so this is the one
     * size both sides have).
     */
    long compactedDiskBytes;
    double compactionCodecCpuSeconds;
    /** The Cassandra process's utime + stime over the compaction. */
    double compactionNodeCpuSeconds;

    long mixedOperations;
    double mixedOpsPerSecond;
    double mixedCodecCpuSeconds;
    double mixedNodeCpuSeconds;
    double readP99;
    double writeP99;
    /** The full read-back after the last phase; "" in the others. */
    String dataCheck = "";

    /** The compaction's output, on disk / uncompressed: what the engine's level does to the size. */
    double compressedShare() {
        return compactedDiskBytes / (double) compactedBytes;
    }

    double codecMillisPerCompactedMB() {
        return compactionCodecCpuSeconds * 1e3 / (compactedBytes / MB);
    }

    double nodeMillisPerCompactedMB() {
        return compactionNodeCpuSeconds * 1e3 / (compactedBytes / MB);
    }

    double compactionCodecShare() {
        return 100 * compactionCodecCpuSeconds / compactionNodeCpuSeconds;
    }

    double codecMicrosPerOp() {
        return mixedCodecCpuSeconds * 1e6 / Math.max(1, mixedOperations);
    }

    double nodeMicrosPerOp() {
        return mixedNodeCpuSeconds * 1e6 / Math.max(1, mixedOperations);
    }

    double mixedCodecShare() {
        return 100 * mixedCodecCpuSeconds / mixedNodeCpuSeconds;
    }

    @Override
    boolean clean() {
        return super.clean() && !dataCheck.startsWith("FAILED");
    }

    String line() {
        return String.format(Locale.ROOT, "compaction %.1f s of %.0f MB, codec %.2f ms/MB (%.0f%% of the node's CPU);"
                        + " mixed %,.0f ops/s, codec %.1f us/op (%.1f%% of the node's CPU), read p99 %.2f ms;"
                        + " failures %d, wrong reads %d%s", compactionSeconds, compactedBytes / MB,
                codecMillisPerCompactedMB(), compactionCodecShare(), mixedOpsPerSecond, codecMicrosPerOp(),
                mixedCodecShare(), readP99, failures, wrongReads, dataCheck.isEmpty() ? "" : "; read-back " + dataCheck);
    }
}
