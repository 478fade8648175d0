package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real cgroup v1 memory group around a real process that reads a file four times its page-cache
 * allowance: the file's pages the group keeps stay within the allowance. CI runs as root with the
 * memory controller mounted (as this project's machines have it), so this test does not skip there;
 * elsewhere it skips and says why.
 */
class MemoryCgroupTest {

    private static final long MIB = 1024 * 1024;
    static final String NOT_RUN = "MemoryCgroupTest did not run: it needs root and cgroup v1's memory controller at "
            + MemoryCgroup.ROOT + " (CI has both)";

    @Test
    void aReaderInTheGroupKeepsNoMorePageCacheThanItsAllowance(@TempDir Path dir) throws Exception {
        assumeTrue(MemoryCgroup.available(), NOT_RUN);
        Path file = dir.resolve("data");
        byte[] block = new byte[(int) MIB];
        new Random(1).nextBytes(block);
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < 64; i++) {
                out.write(block);
            }
        }
        // Reads the file once a line arrives on its stdin, i.e. after it has been moved into the group.
        Process reader = new ProcessBuilder("bash", "-c", "read go; cat " + file + " > /dev/null; echo read; sleep 60")
                .redirectErrorStream(true).start();
        String name = "memory-cgroup-test-" + ProcessHandle.current().pid();
        try (MemoryCgroup group = MemoryCgroup.around(reader.pid(), name, 16)) {
            long limit = group.limitBytes();
            assertEquals(16 * MIB, limit);
            assertEquals(0, PageCache.residentBytes(file), "the writer's pages were dropped before the reader ran");
            reader.getOutputStream().write("go\n".getBytes(StandardCharsets.US_ASCII));
            reader.getOutputStream().flush();
            assertEquals("read", new String(reader.getInputStream().readNBytes(4), StandardCharsets.US_ASCII));

            long cached = PageCache.residentBytes(file);
            assertTrue(cached <= 16 * MIB, "the file's pages in the page cache: " + cached / MIB + " MiB");
            assertTrue(group.stat().get("cache") <= limit, "the group's own count: " + group.stat());
            // What NodeTimeline reads for a process: its own group's counts.
            assertEquals(group.stat().get("total_cache"), MemoryCgroup.statOf(reader.pid()).get("total_cache"));
        } finally {
            reader.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertFalse(Files.exists(MemoryCgroup.ROOT.resolve(name)), "the group is removed");
    }

    @Test
    void aProcessThatIsGoneOrALimitUnderOneMibIsRefusedAndLeavesNoGroup() {
        assumeTrue(MemoryCgroup.available(), NOT_RUN);
        String name = "memory-cgroup-bad-" + ProcessHandle.current().pid();
        assertThrows(IllegalArgumentException.class, () -> MemoryCgroup.around(ProcessHandle.current().pid(), name, 0));
        // No such process: moving it fails, and the group made for it is removed again.
        assertThrows(UncheckedIOException.class, () -> MemoryCgroup.around(Integer.MAX_VALUE, name, 8));
        assertFalse(Files.exists(MemoryCgroup.ROOT.resolve(name)));
    }

    @Test
    void closingMovesALiveProcessBackAndRemovesTheGroup() throws IOException, InterruptedException {
        assumeTrue(MemoryCgroup.available(), NOT_RUN);
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            Path before = MemoryCgroup.groupOf(sleeper.pid()).orElseThrow();
            MemoryCgroup group = MemoryCgroup.around(sleeper.pid(), "memory-cgroup-close-" + ProcessHandle.current().pid(), 8);
            assertEquals(before.resolve("memory-cgroup-close-" + ProcessHandle.current().pid()),
                    MemoryCgroup.groupOf(sleeper.pid()).orElseThrow());
            // A second group of the same name beside it is refused, and the first one is left as it was.
            Process other = new ProcessBuilder("sleep", "60").start();
            try {
                assertEquals(before, MemoryCgroup.groupOf(other.pid()).orElseThrow());
                assertThrows(UncheckedIOException.class,
                        () -> MemoryCgroup.around(other.pid(), "memory-cgroup-close-" + ProcessHandle.current().pid(), 8));
                assertEquals(before, MemoryCgroup.groupOf(other.pid()).orElseThrow());
            } finally {
                other.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            assertEquals(before.resolve("memory-cgroup-close-" + ProcessHandle.current().pid()),
                    MemoryCgroup.groupOf(sleeper.pid()).orElseThrow());
            group.close();
            assertEquals(before, MemoryCgroup.groupOf(sleeper.pid()).orElseThrow());
            assertTrue(sleeper.isAlive());
            group.close(); // again: quiet
        } finally {
            sleeper.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
