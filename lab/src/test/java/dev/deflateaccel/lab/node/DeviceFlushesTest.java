package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceFlushesTest {
    /**
     * perf script lines as this machine printed them for a 10 MB write and its fsync (a flush, then
     * a discard), with a write before the first flush, a jbd2 flush nobody's sync call asked for,
     * and a line that is not an event.
     */
    private static final List<String> SCRIPT = List.of(
            "         python3 19775 75369.300000:     block:block_rq_issue: 254,0 WS 10002432 () 257966080 + 19536 0x2,0,4 [python3]",
            "         python3 19775 75369.302854: syscalls:sys_enter_fsync: fd: 0x00000003",
            " kworker/1:1H-kb    80 75369.306590:     block:block_rq_issue: 254,0 FF 0 () 0 + 0 0x0,0,0 [kworker/1:1H]",
            "         swapper     0 75369.317859:  block:block_rq_complete: 254,0 FF () 18446744073709551615 + 0 0x0,0,0 [0]",
            " kworker/1:1H-kb    80 75369.318631:     block:block_rq_issue: 254,0 DS 10002432 () 257966080 + 19536 0x2,0,4 [kworker/1:1H]",
            "         swapper     0 75369.324055:  block:block_rq_complete: 254,0 DS () 257966080 + 19536 0x2,0,4 [0]",
            " CompactionExecu  4242 75370.000000:     block:block_rq_issue: 254,0 WS 65536 () 1000 + 128 0x2,0,4 [java]",
            " CompactionExecu  4242 75370.000100:     block:block_rq_issue: 254,0 WS 65536 () 1128 + 128 0x2,0,4 [java]",
            "      jbd2/vda-8   300 75370.500000:     block:block_rq_issue: 254,0 FF 0 () 0 + 0 0x0,0,0 [jbd2/vda-8]",
            "         swapper     0 75370.540000:  block:block_rq_complete: 254,0 FF () 18446744073709551615 + 0 0x0,0,0 [0]",
            "[ perf record: Woken up 1 times to write data ]");

    @Test
    void eachFlushHasItsDurationItsAskerAndTheBytesWrittenBeforeIt(@TempDir Path dir) throws IOException {
        Path script = dir.resolve("perf.txt");
        Files.write(script, SCRIPT);
        List<DeviceFlushes.Flush> flushes = DeviceFlushes.read(script, 1000.0);
        assertEquals(2, flushes.size());

        DeviceFlushes.Flush fsync = flushes.get(0);
        assertEquals(11.269, fsync.millis(), 0.001);
        assertEquals("python3 (fsync)", fsync.askedBy);
        assertEquals(10002432, fsync.bytesSincePrevious);
        // mono 75369.306590 s plus the 1,000 ms offset, on the wall clock
        assertEquals(75370306L, fsync.issued.toEpochMilli());

        DeviceFlushes.Flush journal = flushes.get(1);
        assertEquals(40.0, journal.millis(), 0.001);
        assertEquals("jbd2/vda-8", journal.askedBy, "no sync call within 50 ms before it: the task that issued it");
        assertEquals(2 * 65536, journal.bytesSincePrevious, "the discard is not a write");
    }
}
