package dev.deflateaccel.lab.node;

import java.util.LinkedHashMap;
import java.util.Map;

/** What one write-heavy ingest run on one fresh node measured. */
final class IngestResult extends RunResult {

    /** Points written: the ingest phase's and the mixed phase's. */
    long rows;
    long ingestedRows;
    /** Uncompressed column bytes of the ingested points (TimeSeriesPoint.rawBytes). */
    long rawBytes;
    double ingestSeconds;
    double mixedSeconds;
    /**
     * From the end of the closed-loop ingest to the first moment no compaction is pending, while the
     * mixed phase runs: the compaction debt the ingest left behind.
     */
    double ingestBacklogSeconds;
    /** From the last write (end of the mixed phase) to no pending compaction. */
    double settleSeconds;
    /** Node CPU from the first ingested point to settled, per row written (ingest and mixed phase). */
    double cpuMicrosPerRow;
    final Map<String, Double> cpuMicrosPerRowByGroup = new LinkedHashMap<>();
    /** CPU of the compaction threads, same span, in seconds. */
    double compactionCpuSeconds;
    /** Flushes and compactions of the table over the whole run. */
    ServerLogLines whole = new ServerLogLines();
    long dataBytes;

    /** Rows per second of the closed-loop ingest phase. */
    double ingestRowsPerSecond() {
        return ingestedRows / ingestSeconds;
    }

    /** Compaction threads' CPU per MB (10^6 bytes, on disk) that compaction wrote, in ms. */
    double compactionCpuMillisPerMbWritten() {
        return whole.compactedBytesOut == 0 ? Double.NaN : compactionCpuSeconds * 1e3 / (whole.compactedBytesOut / 1e6);
    }

    /** Compaction threads' CPU per MB of ingested data (uncompressed): the same rows for every configuration. */
    double compactionCpuMillisPerRawMb() {
        return compactionCpuSeconds * 1e3 / (rawBytes / 1e6);
    }

    /** Bytes compaction wrote / bytes flushes wrote, both on disk; NaN where no flushed file was measured. */
    double writeAmplification() {
        if (whole.flushedDiskFiles == 0) {
            return Double.NaN;
        }
        // Flushed files compacted away before the poll saw them count at the mean size of those it saw.
        double flushedOnDisk = (double) whole.flushedDiskBytes / whole.flushedDiskFiles * whole.flushes;
        return whole.compactedBytesOut / flushedOnDisk;
    }
}
