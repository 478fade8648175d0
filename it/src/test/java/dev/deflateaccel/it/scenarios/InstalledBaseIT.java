package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deflateaccel.harness.AgentCli;
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
 * The installed base: a node of every (Cassandra line, Java) pair Cassandra supports that the other
 * scenarios do not already run on JDK 17 - 4.0 and 4.1 on Java 8 and 11, 5.0 and 6.0 on Java 11 -
 * each started by its release's own {@code bin/cassandra} on Debian's Java 8 or 11 runtime
 * ({@link InstalledBaseJavas}), with the agent line in {@code jvm-server.options}.
 *
 * <p>Two starts per pair serve every check. With the agent: rows written, flushed, compacted and
 * read back, libdeflate serving both directions, no ERROR in system.log. Restarted without it:
 * the agent's MBeans gone, every row read back, more rows written and flushed by stock. Then the
 * live commands on that stock node: status over JMX and attach from the node's own Java (on a
 * Java 8 JRE, which has no Attach API, attach must say what to run instead, the doctor must pass
 * there, and JDK 17 attaches); status; a compaction of stock's and the agent's SSTables served by
 * libdeflate in both directions; detach; every row read back. On one pair per line, between the
 * two starts, the advisor on the node's SSTables ({@link AdvisorCheck}).
 */
@ExtendWith(SharedNodeExtension.class)
class InstalledBaseIT {

    static final int ROWS = 20_000;
    /** Rows written by stock, and again with the agent attached. */
    static final int MORE = 5_000;

    /** The shared single nodes (5.0 and 6.0 on JDK 17) are not needed here; their CPU is. */
    @BeforeAll
    static void stopSingleNode(CassandraNode single) {
        single.stop();
    }

    static Stream<Arguments> pairs() {
        return Stream.of(
                Arguments.of(CassandraLine.V4_0, 8), Arguments.of(CassandraLine.V4_0, 11),
                Arguments.of(CassandraLine.V4_1, 8), Arguments.of(CassandraLine.V4_1, 11),
                Arguments.of(CassandraLine.V5_0, 11), Arguments.of(CassandraLine.V6_0, 11));
    }

    @ParameterizedTest(name = "{0} on Java {1}")
    @MethodSource("pairs")
    void servedByTheAgentAndReadableWithoutIt(CassandraLine line, int javaVersion) {
        assertTrue(line.javaVersions().contains(javaVersion), line + " does not support Java " + javaVersion);
        JavaRuntime java = InstalledBaseJavas.runtime(javaVersion);
        String name = "base-" + line.version() + "-java" + javaVersion;
        try (CassandraNode node = CassandraNode.single(name, NodeLayout.nodesDir(), "127.0.0.1", line, java,
                CassandraNode.START_TIMEOUT)) {
            try {
                AdvisorCheck advisor = advisorPair(line, javaVersion)
                        ? new AdvisorCheck(node, java, line.version() + " on Java " + javaVersion) : null;
                servedWithTheAgent(node, line, advisor);
                if (advisor != null) {
                    advisor.checkAfterStop();
                }
                readableWithoutIt(node, line);
                liveCommands(node, java, javaVersion);
            } catch (AssertionError | RuntimeException e) {
                System.err.println("[" + name + "]\n" + node.diagnostics());
                throw e;
            }
        }
    }

    /**
     * The pairs on which the advisor also runs (AdvisorCheck), on the node's own Java: 4.0 on Java 8
     * (so that the advisor runs on Java 8 too), 5.0 and 6.0 on Java 11. Not 4.1: it writes 4.0's
     * SSTable format (nb), which 4.0's pair reads, and each pair costs CI about a minute.
     */
    static boolean advisorPair(CassandraLine line, int javaVersion) {
        return line == CassandraLine.V4_0 ? javaVersion == 8 : line != CassandraLine.V4_1 && javaVersion == 11;
    }

    private static TestTable table(CassandraLine line) {
        return new TestTable("base", "rows_" + line.name().toLowerCase(), 16);
    }

    private static SampleRows rows() {
        return new SampleRows(4711, 10);
    }

    private static void servedWithTheAgent(CassandraNode node, CassandraLine line, AdvisorCheck advisor) {
        node.start(AcceleratedNodeIT.ACCELERATED);
        long systemLogMark = node.systemLog().mark();
        EngineStats before = node.engineStats();
        TestTable table = table(line);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows(), ONE).writeAll(0, ROWS);
        DeflateSSTables.flushAndCompact(node, table);
        new DataVerifier(node.session(), table, rows()).scan(ONE, RowSet.range(0, ROWS)).assertComplete();

        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
        // Compaction reads every flushed SSTable back.
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");
        assertTrue(delta.get("libdeflate", EngineStats.COMPRESS).bytesIn > ROWS * 200L,
                "compressed fewer bytes than were written:\n" + delta);
        if (advisor != null) {
            advisor.writeTables();
            advisor.sampleWhileRunning();
        }
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
        node.stop();
    }

    private static void readableWithoutIt(CassandraNode node, CassandraLine line) {
        long systemLogMark = node.systemLog().mark();
        node.start(NodeSettings.stock());
        assertFalse(node.engineStats().agentLoaded(), "restarted without the agent line, yet its MBeans are there");
        TestTable table = table(line);
        DeflateSSTables.assertAllDeflate(node, table);
        new DataVerifier(node.session(), table, rows()).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
        // An SSTable stock writes, for the attached agent's compaction to read.
        new DataWriter(node.session(), table, rows(), ONE).writeAll(ROWS, ROWS + MORE);
        node.nodetool().ok("flush", table.keyspace(), table.name());
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
    }

    /**
     * On the stock node just verified: status over the node's JMX from its own java; attach from
     * its own java (a Java 8 JRE has no Attach API: there the command must say what to run, and
     * JDK 17 attaches instead); status from this JDK; then the attached agent at work, and detach.
     */
    private static void liveCommands(CassandraNode node, JavaRuntime java, int javaVersion) {
        String pid = Long.toString(node.pid());
        String jmxPort = Integer.toString(node.ports().jmx());
        String config = "config=" + node.layout().agentConfig();
        AgentCli.Result ownStatus = AgentCli.runOn(java, "status", pid, "-p", jmxPort).ok();
        assertTrue(ownStatus.output.contains("agent: not attached"), ownStatus.output);

        AgentCli.Result ownAttach = AgentCli.runOn(java, "attach", pid, config);
        AgentCli.Result attached;
        if (javaVersion == 8) {
            // tools.jar is a JDK 8's, not a JRE's: one message naming what to run instead, no stack trace.
            assertNotEquals(0, ownAttach.exitCode, ownAttach.toString());
            assertTrue(ownAttach.output.contains("no Attach API") && ownAttach.output.contains("Java 11 or newer"),
                    ownAttach.toString());
            assertFalse(ownAttach.output.contains("\tat "), ownAttach.toString());
            AgentCli.Result doctor = AgentCli.runOn(java, "doctor").ok();
            assertTrue(doctor.output.contains("Result: OK"), doctor.output);
            attached = AgentCli.run("attach", pid, config).ok();
        } else {
            attached = ownAttach.ok();
        }
        assertTrue(attached.output.contains("ATTACHED"), attached.output);
        AgentCli.Result status = AgentCli.run("status", pid, "-p", jmxPort).ok();
        assertTrue(status.output.contains("Generation: 1"), status.output);
        // New rows, flushed and compacted with the agent's and stock's SSTables: both directions
        // through the attached agent (a read alone could be served from the chunk cache, which
        // holds decompressed chunks).
        EngineStats before = node.engineStats();
        TestTable table = table(node.line());
        new DataWriter(node.session(), table, rows(), ONE).writeAll(ROWS + MORE, ROWS + 2 * MORE);
        DeflateSSTables.flushAndCompact(node, table);
        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");

        AgentCli.Result detached = AgentCli.run("detach", pid).ok();
        assertTrue(detached.output.contains("Cassandra's own bytecode again"), detached.output);
        assertFalse(node.engineStats().agentLoaded(), "engine MBeans must be gone after detach");
        new DataVerifier(node.session(), table, rows()).scan(ONE, RowSet.range(0, ROWS + 2 * MORE)).assertComplete();
    }
}
