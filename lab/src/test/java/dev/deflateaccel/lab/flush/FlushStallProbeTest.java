package dev.deflateaccel.lab.flush;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlushStallProbeTest {
    @Test
    void countsTheReadsOfFiosLogSlowerThanTheBound(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("reads_clat.1.log");
        // fio 3.33's per-I/O log: time ms, latency ns, direction, block size, offset, priority
        Files.write(log, List.of("1, 104960, 0, 16384, 0, 0", "9766, 41965000, 0, 16384, 81920, 0",
                "9849, 10000000, 0, 16384, 16384, 0", "9943, 93935600, 0, 16384, 32768, 0", ""));
        assertEquals(2, FlushStallProbe.readsOver(log, 10e6), "10 ms exactly is not over");
    }

    @Test
    void theFasterPaceFlushesThreeTimesTheBytesPerTenSeconds() {
        FlushStallProbe.Step stock = FlushStallProbe.STEPS.get(0);
        FlushStallProbe.Step igzip = FlushStallProbe.STEPS.get(1);
        assertEquals(stock.writeMBps * 10, stock.flushEveryMiB);
        assertEquals(igzip.writeMBps * 10, igzip.flushEveryMiB);
        assertEquals(3, igzip.flushEveryMiB / stock.flushEveryMiB);
        assertEquals("none", FlushStallProbe.STEPS.get(3).flushLabel());
    }
}
