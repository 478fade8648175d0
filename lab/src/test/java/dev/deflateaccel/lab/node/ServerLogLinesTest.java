package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class ServerLogLinesTest {

    private static final String FLUSH = "INFO  [PerDiskMemtableFlushWriter_0:3] 2026-11-30 12:10:44,800 Flushing.java:179"
            + " - Completed flushing /n/storage/data/steady/readings-7ad5/nb-%d-big-Data.db (%s) for commitlog position"
            + " CommitLogPosition(segmentId=1, position=461)";
    private static final String COMPACTED = "INFO  [CompactionExecutor:2] 2026-11-30 12:10:47,598 CompactionTask.java:274"
            + " - Compacted (1376f750-ecb7) 4 sstables to [/n/storage/data/steady/readings-7ad5/nb-8-big,] to level=0. "
            + " %s to %s (~80%% of original) in %sms.  Read Throughput = 9.629KiB/s, Write Throughput = 7.739KiB/s,"
            + " Row Throughput = ~2/s.  7 total partitions merged to 1.  Partition merge counts were {7:1, }."
            + " Time spent writing keys = 57ms";

    @Test
    void sumsTheTablesFlushesAndCompactionsOnly() {
        List<String> lines = List.of(
                String.format(FLUSH, 1, "3.000MiB"),
                String.format(FLUSH, 2, "512.000KiB"),
                String.format(FLUSH, 3, "190B").replace("/steady/readings-", "/system/local-"),
                String.format(COMPACTED, "10.000MiB", "8.000MiB", "1,500"),
                String.format(COMPACTED, "1.000GiB", "900.000MiB", "500"),
                "INFO  [main] something else");
        ServerLogLines s = ServerLogLines.of(lines, "steady", "readings");
        assertEquals(2, s.flushes);
        assertEquals(3 * 1048576 + 512 * 1024, s.flushedBytes);
        assertEquals(2, s.compactions);
        assertEquals(10L * 1048576 + 1073741824L, s.compactedBytesIn);
        assertEquals(908L * 1048576, s.compactedBytesOut);
        assertEquals(2000, s.compactionMillis);
        assertEquals((10.0 * 1048576 + 1073741824.0) / 2.0, s.compactionBytesPerSecond(), 1);
        assertEquals((3 * 1048576 + 512 * 1024) / 2.0, s.meanFlushBytes(), 1e-9);
    }

    @Test
    void noLinesGiveNaNRates() {
        ServerLogLines s = ServerLogLines.of(List.of(), "steady", "readings");
        assertEquals(Double.NaN, s.compactionBytesPerSecond());
        assertEquals(Double.NaN, s.meanFlushBytes());
    }
}
