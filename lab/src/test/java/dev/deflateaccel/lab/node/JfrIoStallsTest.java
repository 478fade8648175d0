package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrIoStallsTest {
    private static JfrIoStalls.Io io(long endMs, double millis, String kind, String thread) {
        return new JfrIoStalls.Io(Instant.ofEpochMilli(endMs), millis, kind, thread);
    }

    @Test
    void iosThatEndTogetherAreOneStallAndFewerThanThreeAreNone() {
        List<JfrIoStalls.Stall> stalls = JfrIoStalls.stalls(List.of(
                io(1000, 144, "read", "CompactionExecutor:1"),
                io(1004, 126, "read", "SharedPool-Worker-2"),
                io(1013, 34, "read", "SharedPool-Worker-32"),
                io(1040, 30, "read", "SharedPool-Worker-3"), // 40 ms after the first: another moment
                io(2000, 95, "write", "CompactionExecutor:2"),
                io(2003, 80, "read", "SharedPool-Worker-7")));
        assertEquals(1, stalls.size(), "the second group holds two I/Os only");
        JfrIoStalls.Stall s = stalls.get(0);
        assertEquals(3, s.ios.size());
        assertEquals(144, s.longestMillis(), 1e-9);
        assertEquals(Instant.ofEpochMilli(1013), s.end());
    }

    @Test
    void aThreadsPoolIsItsNameWithoutItsNumber() {
        assertEquals("SharedPool-Worker", JfrIoStalls.threadGroup("SharedPool-Worker-12"));
        assertEquals("CompactionExecutor", JfrIoStalls.threadGroup("CompactionExecutor:1"));
        assertEquals("jbd2/vda", JfrIoStalls.threadGroup("jbd2/vda-8"));
    }

    @Test
    void aMissingOptionABadNumberAndAFolderWithoutRecordingsAreRefusedByName(@TempDir Path dir) throws IOException {
        String missing = assertThrows(IllegalArgumentException.class,
                () -> JfrIoStalls.Options.parse(new String[] {"--out", "r.md", "--recorded-by", "x"})).getMessage();
        assertTrue(missing.contains("--recordings"), missing);
        String bad = assertThrows(IllegalArgumentException.class, () -> JfrIoStalls.Options.parse(new String[] {
                "--recordings", dir.toString(), "--out", "r.md", "--recorded-by", "x",
                "--realtime-minus-mono-ms", "soon"})).getMessage();
        assertTrue(bad.contains("--realtime-minus-mono-ms") && bad.contains("soon"), bad);

        JfrIoStalls.Options o = JfrIoStalls.Options.parse(new String[] {
                "--recordings", dir.toString(), "--out", "r.md", "--recorded-by", "x"});
        Files.writeString(dir.resolve("notes.txt"), "not a recording");
        String empty = assertThrows(IllegalArgumentException.class, o::jfrFiles).getMessage();
        assertTrue(empty.contains("no .jfr file"), empty);
        Files.writeString(dir.resolve("igzip-direct-1.jfr"), "");
        Files.writeString(dir.resolve("cassandra-direct-1.jfr"), "");
        assertEquals(List.of(dir.resolve("cassandra-direct-1.jfr"), dir.resolve("igzip-direct-1.jfr")), o.jfrFiles());
    }
}
