package dev.deflateaccel.agent.acceptance;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refused config file is a failed acceptance, and no engine is opened: the agent would leave
 * DeflateCompressor stock with it, so vouching for engines on defaults would describe a node that
 * will not exist. (Runs in this JVM: no engine, so no native code, is touched.)
 */
class AcceptanceRunTest {
    @Test
    void aRefusedConfigFailsWithoutTestingAnyEngine(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("zlib-accel.conf");
        Files.write(conf, Arrays.asList("use_qat_compress = 1"));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-rw-r--"));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();

        int exit = new AcceptanceRun(utf8PrintStream(captured), "9.9-test").run(conf);

        String out = utf8(captured);
        assertEquals(1, exit, out);
        assertTrue(out.contains("Config:  REFUSED: config file " + conf + " is group-writable (mode 0664)"), out);
        assertTrue(out.contains("Agent:   deflate-accel 9.9-test"), out);
        assertFalse(out.contains("engine-to-zlib"), out);
        List<String> lines = lines(out).collect(java.util.stream.Collectors.toList());
        assertEquals("Verdict: FAIL (config refused)", lines.get(lines.size() - 1), out);
    }
}
