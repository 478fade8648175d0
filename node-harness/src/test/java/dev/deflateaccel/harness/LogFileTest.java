package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node that dies on start-up must be reported with its cause, not with the drain that follows. */
class LogFileTest {

    @Test
    void errorsWithCauseSinceKeepsTheExceptionLinesAndSkipsWhatCameBeforeTheMark(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("system.log");
        Files.writeString(log, "ERROR [main] an old error\nold cause\n");
        LogFile file = new LogFile(log);
        LogFile.Mark mark = file.mark();
        Files.writeString(log, "INFO  [main] starting\n"
                + "ERROR [main] CassandraDaemon.java:1 - Exception encountered during startup\n"
                + "java.lang.UnsupportedOperationException: Other bootstrapping/leaving/moving nodes detected\n"
                + "\tat a.b(C.java:1)\n\tat d.e(F.java:2)\n\tat g.h(I.java:3)\n"
                + "INFO  [StorageServiceShutdownHook] drain\n", java.nio.file.StandardOpenOption.APPEND);

        assertEquals("ERROR [main] CassandraDaemon.java:1 - Exception encountered during startup\n"
                + "java.lang.UnsupportedOperationException: Other bootstrapping/leaving/moving nodes detected\n"
                + "\tat a.b(C.java:1)\n\tat d.e(F.java:2)\n", file.errorsWithCauseSince(mark, 3, 300));
        assertEquals("(none)\n", new LogFile(dir.resolve("absent.log")).errorsWithCauseSince(LogFile.Mark.start(), 3, 300));
    }

    /**
     * Cassandra's logback rolls system.log at midnight (and at 50 MB): what a scenario logged
     * before the roll, now in the zipped file, is still read from its mark.
     */
    @Test
    void readsAcrossARoll(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("system.log");
        Files.writeString(log, "INFO  before the mark\n");
        LogFile file = new LogFile(log);
        LogFile.Mark mark = file.mark();
        Files.writeString(log, "INFO  deflate-accel: reloaded\n", java.nio.file.StandardOpenOption.APPEND);
        // the roll, as logback does it: the file is renamed aside, a new one starts, the old one is zipped
        Path renamed = dir.resolve("system.log.tmp");
        Files.move(log, renamed);
        Files.writeString(log, "INFO  deflate-accel: detached and a longer line than the whole old file had\n");
        Path rolled = dir.resolve("system.log.2026-12-06.0.zip");
        try (java.util.zip.ZipOutputStream zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(rolled))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("system.log.2026-12-06.0"));
            zip.write(Files.readAllBytes(renamed));
        }
        Files.delete(renamed);

        assertEquals(java.util.List.of("INFO  deflate-accel: reloaded", "INFO  deflate-accel: detached and a longer line than the whole old file had"),
                file.linesSince(mark));
        LogFile.Mark afterTheRoll = file.mark();
        Files.writeString(log, "INFO  attached\n", java.nio.file.StandardOpenOption.APPEND);
        assertEquals(java.util.List.of("INFO  attached"), file.linesSince(afterTheRoll));
    }

    /** A process's stdout, truncated and written again by a restart: read whole, never from a stale rolled file. */
    @Test
    void aTruncatedFileIsReadWhole(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("stdout.log");
        Files.writeString(log, "a long first life of the process\n");
        Files.writeString(dir.resolve("stdout.log.2026-12-06.0.zip"), "not a zip, must not be read");
        LogFile file = new LogFile(log);
        LogFile.Mark mark = file.mark();
        Files.writeString(log, "restarted\n"); // truncates the same file
        assertEquals(java.util.List.of("restarted"), file.linesSince(mark));
    }
}
