package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Collections;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import net.bytebuddy.agent.ByteBuddyAgent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The version an operator reads in the start-up log line, the doctor's header and JMX is this
 * build's Maven version (here from the filtered version.properties; AgentJarIT checks the jar's
 * manifest).
 */
class AgentVersionTest {
    private static final String PROJECT_VERSION = System.getProperty("deflateaccel.project.version");

    @Test
    void theVersionIsTheMavenProjectVersion() {
        assertNotNull(PROJECT_VERSION, "surefire passes deflateaccel.project.version");
        assertEquals(PROJECT_VERSION, AgentVersion.get());
    }

    @Test
    void doctorsFirstLineNamesTheVersion(@TempDir Path dir) throws Exception {
        // A refused file: the doctor stops after the header, without probing engines.
        Path conf = dir.resolve("zlib-accel.conf");
        Files.write(conf, Collections.emptyList());
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-rw-rw-"));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        new Doctor(utf8PrintStream(captured)).run(conf);
        String first = lines(utf8(captured)).findFirst().orElse("");
        assertEquals("deflate-accel " + PROJECT_VERSION + " doctor", first);
    }

    @Test
    void theStartUpLineAndJmxStateTheVersion(@TempDir Path dir) throws Exception {
        Instrumentation inst = ByteBuddyAgent.install();
        Path log = dir.resolve("agent.log");
        Path conf = dir.resolve("zlib-accel.conf");
        Files.write(conf, Arrays.asList("log_level = 2", "log_file = " + log));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-r--r--"));
        // The way premain starts the agent: LiveAgent owns the Agent MBean that carries Version.
        LiveAgent.start(AgentArguments.parse("config=" + conf), inst, false);
        LiveAgent agent = LiveAgent.current();
        try {
            assertNotNull(agent, "the agent must weave with libdeflate and zlib available: "
                    + System.getProperty(LiveAgent.RESULT_PROPERTY));
            String firstLine = Files.readAllLines(log).get(0);
            assertTrue(firstLine.endsWith("INFO deflate-accel " + PROJECT_VERSION + ", config: " + conf), firstLine);

            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("dev.deflateaccel:type=Agent");
            assertEquals(PROJECT_VERSION, server.getAttribute(name, "Version"));
            for (javax.management.MBeanAttributeInfo a : server.getMBeanInfo(name).getAttributes()) {
                if (a.getName().equals("Version")) {
                    assertEquals(false, a.isWritable(), "Version is read-only");
                }
            }
        } finally {
            if (agent != null) {
                agent.detach();
            }
        }
    }
}
