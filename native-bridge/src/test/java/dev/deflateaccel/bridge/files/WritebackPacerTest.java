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

    /** The calls, recorded as "start OFFSET+LENGTH" or "await OFFSET+LENGTH[ drop]", and passed on to libc. */
    private static final class Recorded implements Writeback {
        final List<String> calls = new ArrayList<>();
        /** When set, every call returns this instead of reaching libc. */
        Integer answer;

        @Override
        public int startWriteback(int fd, long offset, long length) {
            calls.add("start " + offset + "+" + length);
            return answer != null ? answer : Libc.INSTANCE.startWriteback(fd, offset, length);
        }

        @Override
        public int awaitWriteback(int fd, long offset, long length, boolean drop) {
            calls.add("await " + offset + "+" + length + (drop ? " drop" : ""));
            return answer != null ? answer : Libc.INSTANCE.awaitWriteback(fd, offset, length, drop);
        }
    }

    @Test
    void libcBindsOnThisMachine() {
        assertNull(Writeback.Libc.INSTANCE.problem());
    }

    @Test
    void startsEachIntervalAndWaitsForTheOneBeforeAndTheFileHoldsTheWritersBytes() throws IOException {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os, true);
        List<String> warnings = new ArrayList<>();
        pacer.configure(4 * MIB, false, warnings::add);
        Path file = tmp.resolve("nb-1-big-Data.db");
        // In steps of 1 MiB: the first flush (at 1 MiB) makes the writer known, and pacing runs from there.
        byte[] written = write(file, pacer, 21 * MIB + 300_000, (int) MIB);

        assertArrayEquals(written, Files.readAllBytes(file));
        assertEquals(new ArrayList<String>(), warnings);
        // Ranges of 4 MiB from 1 MiB on, started at 5, 9, 13, 17 and 21 MiB; from the second on, each waits for the one before.
        List<String> expected = new ArrayList<>();
        for (long end = 5 * MIB; end <= 21 * MIB; end += 4 * MIB) {
            expected.add("start " + (end - 4 * MIB) + "+" + 4 * MIB);
            if (end > 5 * MIB) {
                expected.add("await " + (end - 8 * MIB) + "+" + 4 * MIB);
            }
        }
        assertEquals(expected, os.calls);
        assertEquals(20 * MIB, pacer.bytesWrittenBack());
        assertEquals(5, pacer.writebackCalls());
        assertEquals(0, pacer.bytesDropped());
        assertEquals(0, pacer.failures());
    }

    @Test
    void dropsWhatWasWaitedFor() throws IOException {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os, true);
        pacer.configure(2 * MIB, true, s -> { });
        Path file = tmp.resolve("nb-2-big-Data.db");
        byte[] written = write(file, pacer, 7 * MIB, (int) MIB);

        assertArrayEquals(written, Files.readAllBytes(file));
        assertEquals(Arrays.asList("start " + MIB + "+" + 2 * MIB, "start " + 3 * MIB + "+" + 2 * MIB,
                "await " + MIB + "+" + 2 * MIB + " drop", "start " + 5 * MIB + "+" + 2 * MIB,
                "await " + 3 * MIB + "+" + 2 * MIB + " drop"), os.calls);
        assertEquals(4 * MIB, pacer.bytesDropped());
    }

    /** Before Linux 4.13 a wait would clear a write error for Cassandra's fsync too: ranges are only started. */
    @Test
    void onAnOldKernelWritebacksAreOnlyStarted() throws IOException {
        Recorded os = new Recorded();
        WritebackPacer pacer = new WritebackPacer(os, false);
        pacer.configure(2 * MIB, true, s -> { });
        write(tmp.resolve("nb-4-big-Data.db"), pacer, 7 * MIB, (int) MIB);
        assertEquals(Arrays.asList("start " + MIB + "+" + 2 * MIB, "start " + 3 * MIB + "+" + 2 * MIB,
                "start " + 5 * MIB + "+" + 2 * MIB), os.calls);
        assertEquals(0, pacer.bytesDropped());
        assertTrue(pacer.describe().contains("started only"), pacer.describe());
    }

    @Test
    void whichKernelsKeepAWriteErrorForEveryDescriptor() {
        assertTrue(Writeback.waitsKeepErrorsForOthers("6.18.44-fc-v1272"));
        assertTrue(Writeback.waitsKeepErrorsForOthers("4.13.0"));
        assertTrue(Writeback.waitsKeepErrorsForOthers("5.10.0-28-amd64"));
        assertFalse(Writeback.waitsKeepErrorsForOthers("4.9.0-19-amd64"));
        assertFalse(Writeback.waitsKeepErrorsForOthers("3.10.0-1160.el7.x86_64"));
        assertFalse(Writeback.waitsKeepErrorsForOthers(""));
    }

    @Test
    void aFileThatShrinksIsPacedAgainFromItsNewEnd() {
        Recorded os = new Recorded();
        os.answer = 0; // every call succeeds without reaching libc: only the ranges asked for matter here
        WritebackPacer pacer = new WritebackPacer(os, true);
        pacer.configure(MIB, false, s -> { });
        Object writer = new Object();
        pacer.written(writer, MIB, () -> 3);
        pacer.written(writer, 3 * MIB, () -> 3);
        assertEquals(Arrays.asList("start " + MIB + "+" + 2 * MIB), os.calls);
        os.calls.clear();
        // Cassandra truncated back to 1.5 MiB (resetAndTruncate), then wrote on to 2.5 MiB.
        pacer.written(writer, 3 * MIB / 2, () -> 3);
        pacer.written(writer, 5 * MIB / 2, () -> 3);
        // The range started before the truncation was never waited for: it is, up to the new end.
        assertEquals(Arrays.asList("start " + 3 * MIB / 2 + "+" + MIB, "await " + MIB + "+" + MIB / 2), os.calls);
    }

    @Test
    void aFailingCallStepsAsideOnceUntilConfiguredAgain() {
        Recorded os = new Recorded();
        os.answer = 9; // EBADF
        WritebackPacer pacer = new WritebackPacer(os, true);
        List<String> warnings = new ArrayList<>();
        pacer.configure(MIB, false, warnings::add);
        Object writer = new Object();
        pacer.written(writer, 2 * MIB, () -> 3);
        pacer.written(writer, 4 * MIB, () -> 3);
        pacer.written(writer, 6 * MIB, () -> 3);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("errno 9") && warnings.get(0).contains("Cassandra's own writes and syncs go on unchanged"),
                warnings.get(0));
        assertEquals(1, pacer.failures());
        assertEquals(1, os.calls.size(), "nothing is called after stepping aside: " + os.calls);
        assertFalse(pacer.active());
        assertTrue(pacer.describe().contains("STEPPED ASIDE"), pacer.describe());

        os.answer = null;
        pacer.configure(MIB, false, warnings::add);
        assertTrue(pacer.active());
    }

    /** 256 compaction threads at once, each with its own writer: each is paced on its own, none lost or counted twice. */
    @Test
    void manyWritersAtOnceArePacedEachOnItsOwn() throws InterruptedException {
        List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        Writeback os = new Writeback() {
            @Override
            public int startWriteback(int fd, long offset, long length) {
                calls.add("start " + fd + " " + offset + "+" + length);
                return 0;
            }

            @Override
            public int awaitWriteback(int fd, long offset, long length, boolean drop) {
                calls.add("await " + fd + " " + offset + "+" + length);
                return 0;
            }
        };
        WritebackPacer pacer = new WritebackPacer(os, true);
        pacer.configure(MIB, false, s -> { });
        int threads = 256;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int fd = 1000 + t;
            Thread thread = new Thread(() -> {
                Object writer = new Object();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                // Known at 64 KiB, then three whole MiB up to 4 MiB.
                for (long position = 64 * 1024; position <= 4 * MIB; position += 64 * 1024) {
                    pacer.written(writer, position, () -> fd);
                }
            });
            thread.start();
            all.add(thread);
        }
        go.countDown();
        for (Thread thread : all) {
            thread.join();
        }
        assertEquals(3L * threads, pacer.writebackCalls());
        assertEquals(3L * threads * MIB, pacer.bytesWrittenBack());
        assertEquals(0, pacer.failures());
        long first = 64 * 1024;
        for (int t = 0; t < threads; t++) {
            int fd = 1000 + t;
            List<String> own = new ArrayList<>();
            synchronized (calls) {
                for (String c : calls) {
                    if (c.contains(" " + fd + " ")) {
                        own.add(c);
                    }
                }
            }
            assertEquals(Arrays.asList("start " + fd + " " + first + "+" + MIB,
                    "start " + fd + " " + (first + MIB) + "+" + MIB, "await " + fd + " " + first + "+" + MIB,
                    "start " + fd + " " + (first + 2 * MIB) + "+" + MIB, "await " + fd + " " + (first + MIB) + "+" + MIB), own);
        }
    }

    @Test
    void noFileDescriptorStepsAside() {
        WritebackPacer pacer = new WritebackPacer(new Recorded(), true);
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
        WritebackPacer pacer = new WritebackPacer(os, true);
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
}
