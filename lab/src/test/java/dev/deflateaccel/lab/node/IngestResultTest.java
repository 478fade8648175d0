package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The ingest report's derived figures, from system.log lines as Cassandra 5.0 writes them. */
class IngestResultTest {

    private static final String DIR = "/data/ingest/events-0f1e/";

    private static IngestResult withLog(List<String> lines) {
        IngestResult r = new IngestResult();
        r.whole = ServerLogLines.of(lines, "ingest", "events");
        return r;
    }

    @Test
    void compactionCpuPerMbWrittenAndPerMbIngested() {
        IngestResult r = withLog(List.of(
                "INFO  Compacted (a) 4 sstables to [" + DIR + "nb-5-big,] to level=1.  40MiB to 38.147MiB (~95% of original) in 2,000ms."));
        r.compactionCpuSeconds = 4;
        r.rawBytes = 100_000_000;
        // 38.147 MiB = 40.0 MB written: 4 s / 40 MB = 100 ms per MB; per ingested MB 4 s / 100 MB = 40 ms.
        assertEquals(100, r.compactionCpuMillisPerMbWritten(), 0.1);
        assertEquals(40, r.compactionCpuMillisPerRawMb(), 1e-9);
    }

    @Test
    void writeAmplificationCountsFlushedFilesNotMeasuredAtTheMeanSize() {
        IngestResult r = withLog(List.of(
                "INFO  Completed flushing " + DIR + "nb-1-big-Data.db (30MiB) for commitlog position x",
                "INFO  Completed flushing " + DIR + "nb-2-big-Data.db (30MiB) for commitlog position x",
                "INFO  Compacted (a) 2 sstables to [" + DIR + "nb-3-big,] to level=1.  20MiB to 30MiB (~150% of original) in 1,000ms."));
        r.whole.flushedDiskBytes = 10L << 20; // one of the two flushed files seen on disk, 10 MiB
        r.whole.flushedDiskFiles = 1;
        // Two flushes at 10 MiB each on disk = 20 MiB; compaction wrote 30 MiB: 1.5.
        assertEquals(1.5, r.writeAmplification(), 1e-9);
        assertTrue(Double.isNaN(withLog(List.of()).writeAmplification()), "no flushed file measured: unknown");
    }

    @Test
    void dirtyRunsAreNotClean() {
        IngestResult r = new IngestResult();
        assertTrue(r.clean());
        r.wrongReads = 1;
        assertEquals(false, r.clean());
    }
}
