package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;

import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A config file that exists but is refused leaves DeflateCompressor stock, with one line saying
 * why: never the defaults in its place (issue 8).
 */
class AgentInstallerTest {
    private static final Instrumentation INST = ByteBuddyAgent.install();

    @Test
    void aRefusedConfigLeavesTheClassStockAndLogsExactlyOneLine(@TempDir Path dir) throws Exception {
        // Would switch libdeflate off; a world-writable file must not be obeyed, nor replaced by defaults.
        Path conf = dir.resolve("zlib-accel.conf");
        Files.write(conf, Arrays.asList("use_libdeflate_compress = 0", "log_level = 3"));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-rw-rw-"));

        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(utf8PrintStream(captured));
        ResettableClassFileTransformer transformer;
        try {
            transformer = AgentInstaller.install(AgentArguments.parse("config=" + conf), INST);
        } finally {
            System.setOut(original);
        }

        assertNull(transformer, "nothing may be woven");
        assertNull(CassandraRoute.bridge(), "no bridge may be built");
        List<String> lines = lines(utf8(captured)).collect(java.util.stream.Collectors.toList());
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("WARN config file " + conf + " is world-writable (mode 0666);"
                + " DeflateCompressor stays stock"), lines.get(0));
    }
}
