package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The meters count a time their CPU ran nothing of theirs and the kernel did not count as a wait
 * for it. A host that stops a vCPU cannot be had in a test; a meter process stopped with SIGSTOP
 * is the same to it (stopped, not runnable), and one that runs normally must count nothing of the sort.
 */
class VcpuStallsTest {

    @Test
    void aMeterStoppedFor300msReportsAStallOfAboutThatLength() throws Exception {
        try (VcpuStalls stalls = VcpuStalls.start()) {
            assertEquals(Runtime.getRuntime().availableProcessors(), stalls.meters().size(), "a meter per CPU");
            assertTrue(stalls.awaitStarted(60_000), "the meters' JVMs started");
            double before = stalls.totalMs();
            stalls.takeLongestMs();
            long pid = stalls.meters().get(0).pid();
            signal("STOP", pid);
            Thread.sleep(300);
            signal("CONT", pid);
            Thread.sleep(500);
            double longest = stalls.takeLongestMs();
            assertTrue(longest >= 250 && longest < 2000, "the stopped meter's stall, ms: " + longest);
            assertTrue(stalls.totalMs() - before >= 250, "and in the total: " + (stalls.totalMs() - before));
            assertTrue(stalls.meters().get(0).isAlive(), "the meter runs on after it");
        }
    }

    @Test
    void aMeterThatEndedMakesTheSignalsNaNNotZero() throws Exception {
        try (VcpuStalls stalls = VcpuStalls.start()) {
            assertTrue(stalls.awaitStarted(60_000), "the meters' JVMs started");
            assertFalse(Double.isNaN(stalls.totalMs()), "measuring: a number");
            Process first = stalls.meters().get(0);
            signal("KILL", first.pid());
            first.waitFor();
            assertTrue(Double.isNaN(stalls.totalMs()), "one CPU no longer metered: " + stalls.totalMs());
            assertTrue(Double.isNaN(stalls.takeLongestMs()), "nor its longest");
        }
    }

    @Test
    void theRunQueueWaitIsScheduledsSecondField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("schedstat");
        Files.write(file, "123456789 987654321 42\n".getBytes(StandardCharsets.US_ASCII));
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            assertEquals(987654321L, VcpuStalls.runQueueWaitNanos(f, new byte[128]));
            // Read again from the start, as the meter does every millisecond.
            assertEquals(987654321L, VcpuStalls.runQueueWaitNanos(f, new byte[128]));
        }
    }

    @Test
    void closingStopsTheMeters() throws Exception {
        VcpuStalls stalls = VcpuStalls.start();
        stalls.close();
        for (Process p : stalls.meters()) {
            p.waitFor();
            assertFalse(p.isAlive());
        }
        assertTrue(Double.isNaN(stalls.totalMs()), "closed: no figure");
    }

    private static void signal(String name, long pid) throws Exception {
        // The shell's own kill: /bin/kill is procps', which a minimal image may lack.
        assertEquals(0, new ProcessBuilder("sh", "-c", "kill -" + name + " " + pid).start().waitFor());
    }
}
