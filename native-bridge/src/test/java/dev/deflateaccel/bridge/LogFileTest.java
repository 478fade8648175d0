package dev.deflateaccel.bridge;

import static dev.deflateaccel.bridge.Backports.readString;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.files.TestFiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** log_file is opened without following symlinks, created 0640, and never blocks (issue 8). */
class LogFileTest {
    @TempDir
    Path dir;

    @Test
    void aSymlinkedLogFileIsNotFollowedAndTheDefaultSinkSaysSoOnce() throws Exception {
        Path victim = TestFiles.write(dir.resolve("victim"), "rw-r--r--", "keep\n".getBytes(StandardCharsets.US_ASCII));
        Path link = Files.createSymbolicLink(dir.resolve("agent.log"), victim);
        String stdout = capturingStdout(() -> {
            AccelLog log = AccelLog.from(config("log_file = " + link));
            log.warn("a warning that must not reach the victim");
        });
        assertEquals("keep\n", readString(victim));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(1, count(stdout, "cannot use log_file " + link + " (it is a symlink, which is not followed);"
                + " logging to stdout"), stdout);
        assertEquals(1, count(stdout, "a warning that must not reach the victim"), stdout);
    }

    @Test
    void aNewLogFileIsCreatedMode0640() throws Exception {
        Path file = dir.resolve("agent.log");
        AccelLog.from(config("log_file = " + file)).warn("hello");
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(readString(file).contains("WARN hello"));
    }

    @Test
    void anExistingLogFileIsAppendedTo() throws Exception {
        Path file = TestFiles.write(dir.resolve("agent.log"), "rw-r-----", "earlier\n".getBytes(StandardCharsets.US_ASCII));
        AccelLog.from(config("log_file = " + file)).warn("later");
        List<String> lines = Files.readAllLines(file);
        assertEquals("earlier", lines.get(0));
        assertTrue(lines.get(1).endsWith("WARN later"), lines.toString());
    }

    @Test
    void aFifoLogFileIsRefusedWithoutBlocking() throws Exception {
        Path fifo = TestFiles.fifo(dir.resolve("agent.log"));
        String stdout = capturingStdout(() -> assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> AccelLog.from(config("log_file = " + fifo))));
        assertEquals(1, count(stdout, "(it is not a regular file); logging to stdout"), stdout);
    }

    private static AccelConfig config(String line) {
        AccelConfig c = ConfigFile.parse(Arrays.asList(line), "test.conf");
        assertEquals(Collections.emptyList(), c.warnings());
        return c;
    }

    private static String capturingStdout(Runnable r) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(utf8PrintStream(captured));
        try {
            r.run();
        } finally {
            System.setOut(original);
        }
        return utf8(captured);
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
