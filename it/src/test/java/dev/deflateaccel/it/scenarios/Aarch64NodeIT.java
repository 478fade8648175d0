package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.JavaRuntime;
import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * One stock Cassandra 5.0 node on Debian 12's arm64 JDK 17 under qemu-aarch64-static, started by
 * its own bin/cassandra with the agent line in jvm-server.options: 10,000 rows written, flushed,
 * compacted and read back with libdeflate serving the calls. Then the same data directory, moved to
 * this machine's x86-64 JDK 17 as a node's disks move to a machine of another kind, serves stock
 * Cassandra without the agent: every row read back, {@code nodetool verify --extended-verify}
 * passes. That start is native rather than a second one under qemu, which took about a minute.
 * nodetool itself runs on this (x86-64) JDK: it only talks JMX to the node.
 *
 * <p>About 2 minutes under emulation on 2 cores (one start-up of 60-100 s), so it runs in
 * every {@code mvn verify} where {@code qemu-aarch64-static} is on PATH, as the agent module's
 * Aarch64IT does, whose arm64 root ({@code agent/target/aarch64-root}) it uses; with
 * {@code -Ddeflateaccel.aarch64.required=true} (.ci/run) a missing qemu fails instead. Alone:
 * <pre>
 * mvn -B -ntp verify -pl it -am -Dit.test='Aarch64IT,Aarch64NodeIT' -Dtest=NoSuchTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 * The log of a run is kept in {@code it/aarch64-node-run.md}.
 */
class Aarch64NodeIT {
    static final int ROWS = 10_000;
    /** Measured: 71-132 s to serve CQL under qemu on 2 cores (3 minutes is the harness's native limit). */
    static final Duration START_TIMEOUT = Duration.ofMinutes(10);
    /**
     * Stock's 2 s write timeout: 2 of 10,000 inserts timed out once when the machine was loaded
     * (load average 18 on 2 cores) besides emulation. The driver here waits 60 s.
     */
    static final String WRITE_TIMEOUT = "20000ms";
    /** Fewer writes in flight than the native tests' 64, for the same reason. */
    static final int WRITERS = 8;

    @BeforeAll
    static void onlyWithQemu() {
        boolean qemu = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> Files.isExecutable(Paths.get(dir.isEmpty() ? "." : dir, "qemu-aarch64-static")));
        String why = "Aarch64NodeIT did not run: no qemu-aarch64-static on PATH (apt-get install qemu-user-static)";
        assertTrue(qemu || !Boolean.getBoolean("deflateaccel.aarch64.required"), why + ", and -Ddeflateaccel.aarch64.required=true");
        if (!qemu) {
            System.out.println("== " + why);
        }
        assumeTrue(qemu, why);
    }

    @Test
    void stockNodeOnAarch64WithTheAgentThenWithoutIt() {
        Path root = Paths.get("..", "agent", "target", "aarch64-root").toAbsolutePath().normalize();
        JavaRuntime aarch64 = JavaRuntime.emulatedAarch64(root, NodeLayout.nodesDir().resolve("aarch64-java-home"));
        TestTable table = new TestTable("arm", "written_on_aarch64", 64);
        SampleRows rows = new SampleRows(2101, 20);
        try (CassandraNode node = CassandraNode.single("aarch64", NodeLayout.nodesDir(), "127.0.0.1", CassandraLine.V5_0,
                aarch64, START_TIMEOUT)) {
            long t0 = System.nanoTime();
            node.start(NodeSettings.withAgent(AgentConfig.libdeflate()).yaml("write_request_timeout", WRITE_TIMEOUT));
            assertTrue(runsUnderQemu(node), "the node's process is not qemu-aarch64-static");
            log("started with the agent", t0);
            EngineStats before = node.engineStats();
            table.create(node.session(), 1);
            new DataWriter(node.session(), table, rows, ONE, WRITERS).writeAll(0, ROWS);
            log("10,000 rows written", t0);
            DeflateSSTables.flushAndCompact(node, table);
            log("flushed and compacted", t0);
            EngineStats delta = node.engineStats().since(before);
            EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
            new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
            EngineAssertions.servedBy(node.engineStats().since(before), EngineStats.DECOMPRESS, "libdeflate");
            System.out.println("[aarch64] engine statistics with the agent:\n" + node.engineStats().since(before));
            log("read back through the agent", t0);

            node.stop();
            node.useJava(JavaRuntime.current());
            node.start(NodeSettings.stock().yaml("write_request_timeout", WRITE_TIMEOUT));
            assertFalse(runsUnderQemu(node), "the stock start must run natively, on this machine's JDK");
            assertFalse(node.engineStats().agentLoaded(), "restarted without the agent line, yet its MBeans are there");
            log("restarted on x86-64 without the agent", t0);
            DeflateSSTables.assertAllDeflate(node, table);
            new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
            node.nodetool().ok("verify", "--force", "--extended-verify", table.keyspace(), table.name());
            log("every row read and verified on x86-64 without the agent", t0);
        }
    }

    /** qemu-user runs the guest inside its own process: the node's executable is the emulator. */
    private static boolean runsUnderQemu(CassandraNode node) {
        try {
            return Files.readSymbolicLink(Paths.get("/proc", Long.toString(node.pid()), "exe")).getFileName().toString()
                    .startsWith("qemu-aarch64");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void log(String what, long t0) {
        System.out.printf("[aarch64] %s after %.0f s%n", what, (System.nanoTime() - t0) / 1e9);
    }
}
