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
        long mark = file.mark();
        Files.writeString(log, "INFO  [main] starting\n"
                + "ERROR [main] CassandraDaemon.java:1 - Exception encountered during startup\n"
                + "java.lang.UnsupportedOperationException: Other bootstrapping/leaving/moving nodes detected\n"
                + "\tat a.b(C.java:1)\n\tat d.e(F.java:2)\n\tat g.h(I.java:3)\n"
                + "INFO  [StorageServiceShutdownHook] drain\n", java.nio.file.StandardOpenOption.APPEND);

        assertEquals("ERROR [main] CassandraDaemon.java:1 - Exception encountered during startup\n"
                + "java.lang.UnsupportedOperationException: Other bootstrapping/leaving/moving nodes detected\n"
                + "\tat a.b(C.java:1)\n\tat d.e(F.java:2)\n", file.errorsWithCauseSince(mark, 3, 300));
        assertEquals("(none)\n", new LogFile(dir.resolve("absent.log")).errorsWithCauseSince(0, 3, 300));
    }
}
