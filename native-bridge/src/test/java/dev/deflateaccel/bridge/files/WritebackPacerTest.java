package dev.deflateaccel.bridge.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WritebackPacer on a real file with libc's own sync_file_range and posix_fadvise, each call
 * recorded on its way through: which ranges it starts and waits for, what it counts, and that
 * the file's bytes are the writer's.
 */
class WritebackPacerTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path tmp;

    /** libc's calls, recorded as "op fd offset length flags" and passed on. */
    private static final class Recorded implements Writeback {
        final List<long[]> calls = new ArrayList<>();
        Integer failWith;

        @Override
        public int syncFileRange(int fd, long offset, long length, int flags) {
            calls.add(new long[] {0, offset, length, flags});
            return failWith != null ? failWith : Libc.INSTANCE.syncFileRange(fd, offset, length, flags);
        }

        @Override
        public int dropCache(int fd, long offset, long length) {
            calls.add(new long[] {1, offset, length, 0});
            return Libc.INSTANCE.dropCache(fd, offset, length);
        }
    }

    @Test
    void libcBindsOnThisMachine() {
        assertNull(Writeback.Libc.INSTANCE.problem());
    }

    @Test
    void startsEachIntervalAndWaitsForTheOneBeforeAndTheFileHoldsTheWritersBytes() throws IOException {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os);
        List<String> warnings = new ArrayList<>();
        pacer.configure(4 * MIB, false, warnings::add);
        Path file = tmp.resolve("nb-1-big-Data.db");
        byte[] written = write(file, pacer, 20 * MIB + 300_000, 256 * 1024);

        assertArrayEquals(written, Files.readAllBytes(file));
        assertEquals(new ArrayList<String>(), warnings);
        // Ranges of 4 MiB started at 4, 8, 12, 16 and 20 MiB; from the second on, each waits for the one before.
        List<String> expected = new ArrayList<>();
        for (long end = 4 * MIB; end <= 20 * MIB; end += 4 * MIB) {
            expected.add("sync " + (end - 4 * MIB) + "+" + 4 * MIB + " WRITE");
            if (end > 4 * MIB) {
                expected.add("sync " + (end - 8 * MIB) + "+" + 4 * MIB + " WAIT_BEFORE|WRITE|WAIT_AFTER");
            }
        }
        assertEquals(expected, describe(os.calls));
        assertEquals(20 * MIB, pacer.bytesWrittenBack());
        assertEquals(5, pacer.writebackCalls());
        assertEquals(0, pacer.bytesDropped());
        assertEquals(0, pacer.failures());
    }

    @Test
    void dropsWhatWasWaitedFor() throws IOException {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os);
        pacer.configure(2 * MIB, true, s -> { });
        Path file = tmp.resolve("nb-2-big-Data.db");
        byte[] written = write(file, pacer, 6 * MIB, (int) MIB);

        assertArrayEquals(written, Files.readAllBytes(file));
        List<String> drops = new ArrayList<>();
        for (String c : describe(os.calls)) {
            if (c.startsWith("drop")) {
                drops.add(c);
            }
        }
        assertEquals(Arrays.asList("drop 0+" + 2 * MIB, "drop " + 2 * MIB + "+" + 2 * MIB), drops);
        assertEquals(4 * MIB, pacer.bytesDropped());
    }

    @Test
    void aFileThatShrinksIsPacedAgainFromItsNewEnd() {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os);
        pacer.configure(MIB, false, s -> { });
        os.failWith = 0; // every call succeeds without reaching libc: only the ranges asked for matter here
        Object writer = new Object();
        pacer.written(writer, 3 * MIB, () -> 0);
        os.calls.clear();
        // Cassandra truncated back to 1.5 MiB (resetAndTruncate), then wrote on to 2.5 MiB.
        pacer.written(writer, 3 * MIB / 2, () -> 0);
        pacer.written(writer, 5 * MIB / 2, () -> 0);
        // The range started before the truncation was never waited for: it is, up to the new end.
        assertEquals(Arrays.asList("sync " + 3 * MIB / 2 + "+" + MIB + " WRITE",
                "sync 0+" + 3 * MIB / 2 + " WAIT_BEFORE|WRITE|WAIT_AFTER"), describe(os.calls));
    }

    @Test
    void aFailingCallStepsAsideOnceUntilConfiguredAgain() {
        Recorded os = new Recorded();
        os.failWith = 9; // EBADF
        WritebackPacer pacer = new WritebackPacer(os);
        List<String> warnings = new ArrayList<>();
        pacer.configure(MIB, false, warnings::add);
        Object writer = new Object();
        pacer.written(writer, 2 * MIB, () -> 3);
        pacer.written(writer, 4 * MIB, () -> 3);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("errno 9") && warnings.get(0).contains("Cassandra's own writes and syncs go on unchanged"),
                warnings.get(0));
        assertEquals(1, pacer.failures());
        assertEquals(1, os.calls.size(), "nothing is called after stepping aside");
        assertFalse(pacer.active());
        assertTrue(pacer.describe().contains("STEPPED ASIDE"), pacer.describe());

        os.failWith = null;
        pacer.configure(MIB, false, warnings::add);
        assertTrue(pacer.active());
    }

    @Test
    void noFileDescriptorStepsAside() {
        WritebackPacer pacer = new WritebackPacer(new Recorded());
        List<String> warnings = new ArrayList<>();
        pacer.configure(MIB, false, warnings::add);
        pacer.written(new Object(), 2 * MIB, () -> -1);
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("no file descriptor"), warnings.get(0));
        assertFalse(pacer.active());
    }

    @Test
    void offCallsNothing() throws IOException {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os);
        pacer.configure(0, false, s -> { });
        write(tmp.resolve("nb-3-big-Data.db"), pacer, 8 * MIB, (int) MIB);
        assertEquals(0, os.calls.size());
        assertFalse(pacer.active());
    }

    /** Writes {@code size} random bytes in {@code step}s, telling the pacer after each; returns them. */
    private static byte[] write(Path file, WritebackPacer pacer, long size, int step) throws IOException {
        byte[] all = new byte[(int) size];
        new Random(7).nextBytes(all);
        Object writer = new Object();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            int fd = fdOf(file);
            for (int at = 0; at < all.length; at += step) {
                ByteBuffer b = ByteBuffer.wrap(all, at, Math.min(step, all.length - at));
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                pacer.written(writer, ch.position(), () -> fd);
            }
        }
        return all;
    }

    /** The descriptor this process has open on {@code file}, from /proc/self/fd. */
    private static int fdOf(Path file) throws IOException {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Paths.get("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).equals(file.toAbsolutePath())) {
                        return Integer.parseInt(fd.getFileName().toString());
                    }
                } catch (IOException gone) {
                    // the directory stream's own descriptor
                }
            }
        }
        throw new IOException("no descriptor open on " + file);
    }

    private static List<String> describe(List<long[]> calls) {
        List<String> out = new ArrayList<>();
        for (long[] c : calls) {
            if (c[0] == 1) {
                out.add("drop " + c[1] + "+" + c[2]);
                continue;
            }
            List<String> flags = new ArrayList<>();
            if ((c[3] & Writeback.WAIT_BEFORE) != 0) {
                flags.add("WAIT_BEFORE");
            }
            if ((c[3] & Writeback.WRITE) != 0) {
                flags.add("WRITE");
            }
            if ((c[3] & Writeback.WAIT_AFTER) != 0) {
                flags.add("WAIT_AFTER");
            }
            out.add("sync " + c[1] + "+" + c[2] + " " + String.join("|", flags));
        }
        return out;
    }
}
