package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Collections;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.TestData;
import dev.deflateaccel.bridge.stats.Direction;
import net.bytebuddy.agent.ByteBuddyAgent;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's life on a running JVM, in-process on the primary cassandra-all's (5.0; 4.1 on Java
 * 8) real DeflateCompressor, loaded before the attach (so it is retransformed, as on a live node):
 * attach, reload by JMX and by editing the file (a symlink swap included), refused edits keep the
 * routing, detach puts the class back and unregisters the MBeans, and a second attach works.
 */
class LiveAgentTest {
    private static final Instrumentation INST = ByteBuddyAgent.install();
    private static final String VERSION = CassandraJars.primary();
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();

    @TempDir
    Path dir;

    @AfterEach
    void detach() {
        LiveAgent a = LiveAgent.current();
        if (a != null) {
            a.detach();
        }
    }

    private Path write(String name, String... lines) throws Exception {
        Path p = dir.resolve(name);
        Path tmp = dir.resolve(name + ".tmp");
        Files.write(tmp, Arrays.asList(lines), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
        Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return p;
    }

    private String[] only(String engine) {
        return new String[] {"use_qat_compress = 0", "use_qat_uncompress = 0", "use_libdeflate_compress = 0",
            "use_libdeflate_uncompress = 0", "use_zlib_compress = 0", "use_zlib_uncompress = 0",
            "use_" + engine + "_compress = 1", "use_" + engine + "_uncompress = 1", "log_file = " + dir.resolve("agent.log")};
    }

    /** Compresses and decompresses a few chunks through the class; returns the routing bridge's count for engine. */
    private static long roundTrip(DeflateCompressorCalls c, String engine) throws Exception {
        DeflateBridge b = CassandraRoute.bridge();
        long before = b == null ? 0 : b.statistics().of(engine, Direction.COMPRESS).getOperations();
        for (byte[] chunk : TestData.chunks(TestData.cassandraLikeRows(64 * 1024, 3), 16 * 1024)) {
            byte[] out = new byte[chunk.length * 2 + 64];
            int n = c.compressArray(chunk, 0, chunk.length, out, 0, out.length);
            byte[] back = new byte[chunk.length];
            assertEquals(chunk.length, c.uncompress(out, 0, n, back, 0));
            assertArrayEquals(chunk, back);
        }
        return b == null ? 0 : b.statistics().of(engine, Direction.COMPRESS).getOperations() - before;
    }

    private static AgentControlMBean agent() {
        LiveAgent a = LiveAgent.current();
        assertNotNull(a, "agent not active: " + System.getProperty(LiveAgent.RESULT_PROPERTY));
        return a;
    }

    @Test
    void attachReloadRefuseDetachAndAttachAgain() throws Exception {
        Path conf = write("zlib-accel.conf", only("libdeflate"));
        try (URLClassLoader loader = CassandraJars.loader(VERSION)) {
            DeflateCompressorCalls c = new DeflateCompressorCalls(loader); // loaded stock, before the attach
            assertEquals(0, roundTrip(c, "libdeflate"));

            DeflateAccelAgent.agentmain("config=" + conf, INST);
            assertTrue(System.getProperty(LiveAgent.RESULT_PROPERTY).startsWith("ATTACHED"),
                    System.getProperty(LiveAgent.RESULT_PROPERTY));
            assertTrue(roundTrip(c, "libdeflate") > 0);
            assertEquals(1, agent().getGeneration());
            assertTrue(JMX.isRegistered(new ObjectName(LiveAgent.MBEAN_NAME)));
            assertEquals(1L, JMX.getAttribute(new ObjectName(LiveAgent.MBEAN_NAME), "Generation"));

            // A second attach is refused, and says so.
            DeflateAccelAgent.agentmain("config=" + conf, INST);
            assertTrue(System.getProperty(LiveAgent.RESULT_PROPERTY).startsWith("ALREADY ATTACHED"));

            // JMX reloadConfig: applied at once, the next call routes on the new engine; the
            // replaced bridge's engines hold no native memory afterwards.
            DeflateBridge first = CassandraRoute.bridge();
            assertTrue(first.nativeBytes() > 0, "libdeflate should hold contexts after serving calls");
            write("zlib-accel.conf", only("igzip"));
            String outcome = (String) JMX.invoke(new ObjectName(LiveAgent.MBEAN_NAME), "reloadConfig", null, null);
            assertTrue(outcome.startsWith("reloaded"), outcome);
            assertEquals(2, agent().getGeneration());
            assertTrue(roundTrip(c, "igzip") > 0);
            assertEquals(0, first.nativeBytes(), "the replaced bridge must free its native memory");

            // Any bad value refuses the whole edit; the routing stays.
            write("zlib-accel.conf", "use_igzip_compress = yes", "use_zlib_compress = 1", "no_such_key = 1");
            outcome = agent().reloadConfig();
            assertTrue(outcome.startsWith("REFUSED"), outcome);
            assertTrue(agent().getLastReloadError().contains("use_igzip_compress = 'yes'"), agent().getLastReloadError());
            assertTrue(agent().getLastReloadError().contains("no_such_key"), agent().getLastReloadError());
            assertEquals(2, agent().getGeneration());
            assertTrue(roundTrip(c, "igzip") > 0);

            // Empty and deleted files never take effect.
            write("zlib-accel.conf");
            assertTrue(agent().reloadConfig().contains("is empty"));
            Files.delete(conf);
            assertTrue(agent().reloadConfig().contains("does not exist"));
            assertEquals(2, agent().getGeneration());

            // An edit is noticed without JMX, within 5 s (poll 1 s + two reads 1 s apart).
            write("zlib-accel.conf", only("zlib"));
            awaitGeneration(3);
            assertEquals("", agent().getLastReloadError());
            assertTrue(roundTrip(c, "zlib") > 0);
            assertFalse(JMX.isRegistered(new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=igzip,direction=compress")),
                    "an engine no longer configured leaves JMX");

            // Detach: stock bytecode, no bridge, no MBeans, no native memory; calls still correct.
            DeflateBridge last = CassandraRoute.bridge();
            String detached = (String) JMX.invoke(new ObjectName(LiveAgent.MBEAN_NAME), "detach", null, null);
            assertTrue(detached.contains("Cassandra's own bytecode again"), detached);
            assertNull(CassandraRoute.bridge());
            assertEquals(0, last.nativeBytes(), "a detached bridge must free its native memory");
            assertNull(LiveAgent.current());
            assertTrue(JMX.queryNames(new ObjectName("dev.deflateaccel:*"), null).isEmpty());
            assertNull(System.getProperty(AgentStart.LOADED_PROPERTY));
            assertEquals(0, roundTrip(c, "zlib"));

            // Attach again, through a symlink (a Kubernetes ConfigMap), then swap its target.
            Path a = write("a.conf", only("libdeflate"));
            Path b = write("b.conf", only("igzip"));
            Path link = dir.resolve("link.conf");
            Files.createSymbolicLink(link, a);
            DeflateAccelAgent.agentmain("config=" + link, INST);
            assertTrue(System.getProperty(LiveAgent.RESULT_PROPERTY).startsWith("ATTACHED"),
                    System.getProperty(LiveAgent.RESULT_PROPERTY));
            assertTrue(roundTrip(c, "libdeflate") > 0);
            Path tmpLink = dir.resolve("link.tmp");
            Files.createSymbolicLink(tmpLink, b);
            Files.move(tmpLink, link, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            awaitGeneration(2);
            assertTrue(roundTrip(c, "igzip") > 0);

            // The command-line tool's way in.
            LiveAgent.command(LiveAgent.COMMAND_PREFIX + "status");
            assertTrue(System.getProperty(LiveAgent.RESULT_PROPERTY).contains("Generation: 2"));
            LiveAgent.command(LiveAgent.COMMAND_PREFIX + "detach");
            assertTrue(System.getProperty(LiveAgent.RESULT_PROPERTY).startsWith("detached"));
            assertNull(CassandraRoute.bridge());
        }
    }

    @Test
    void aRefusedConfigAtAttachLeavesNothingAndAllowsAnotherAttach() throws Exception {
        Path conf = write("zlib-accel.conf", only("libdeflate"));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-rw-rw-"));
        DeflateAccelAgent.agentmain("config=" + conf, INST);
        String result = System.getProperty(LiveAgent.RESULT_PROPERTY);
        assertTrue(result.startsWith("NOT ATTACHED") && result.contains("world-writable"), result);
        assertNull(LiveAgent.current());
        assertNull(System.getProperty(AgentStart.LOADED_PROPERTY));
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-------"));
        DeflateAccelAgent.agentmain("config=" + conf, INST);
        assertNotNull(LiveAgent.current(), System.getProperty(LiveAgent.RESULT_PROPERTY));
    }

    /**
     * A device that appears after the agent started is found by a reload ({@link ReloadProbeMain}).
     * In a JVM of its own: the QAT emulator, once loaded, answers to its soname
     * {@code libqatzip.so.3}, which every later default config in this JVM would then bind to.
     */
    @Test
    void aReloadProbesAgainAnAcceleratorWhoseProbeFailed() throws Exception {
        ChildJvm run = ChildJvm.run(dir, Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                Collections.singletonList("-Ddeflateaccel.emulators=" + System.getProperty("deflateaccel.emulators")),
                System.getProperty("java.class.path"), ReloadProbeMain.class.getName(), dir.toString());
        assertEquals(0, run.exit, run.output);
        assertTrue(run.output.contains(ReloadProbeMain.OK), run.output);
    }

    private static void awaitGeneration(long generation) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (agent().getGeneration() < generation && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(generation, agent().getGeneration(), "not applied within 5 s; last error: " + agent().getLastReloadError());
    }
}
