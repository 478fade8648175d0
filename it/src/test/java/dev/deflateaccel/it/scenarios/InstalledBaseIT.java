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
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * The installed base: every (Cassandra line, Java) pair Cassandra supports that the other scenarios
 * do not already run on JDK 17 - 4.0 and 4.1 on Java 8 and 11, 5.0 and 6.0 on Java 11 - as a node
 * started by its release's own {@code bin/cassandra} on Debian's Java 8 or 11 runtime
 * ({@link InstalledBaseJavas}).
 *
 * <p>Two starts per line serve every check. First with the agent line in {@code jvm-server.options}:
 * rows written, flushed, compacted and read back, libdeflate serving both directions, no ERROR in
 * system.log. Then restarted without it, on the line's other Java where it has two (4.0 moves from
 * Java 8 to 11, 4.1 from 11 to 8, as an operator changes a node's JVM): the agent's MBeans gone,
 * every row read back, more rows written and flushed by stock. Then the live commands on that stock
 * node: status over JMX and attach from the node's own Java (on a Java 8 JRE, which has no Attach
 * API, attach must say what to run instead, the doctor must pass there, and JDK 17 attaches);
 * status; a compaction of stock's and the agent's SSTables served by libdeflate in both directions;
 * detach; every row read back. So each of 4.0's and 4.1's Javas runs the agent once, loaded at start
 * on one line and attached on the other, and each Java has both ways. On 4.0 (Java 8) and 6.0 (Java
 * 11), between the two starts, the advisor on the node's SSTables ({@link AdvisorCheck}).
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

    /** Per line: the Java of the start with the agent line, then the Java of the stock start and the attach. */
    static Stream<Arguments> lines() {
        return Stream.of(Arguments.of(CassandraLine.V4_0, 8, 11), Arguments.of(CassandraLine.V4_1, 11, 8),
                Arguments.of(CassandraLine.V5_0, 11, 11), Arguments.of(CassandraLine.V6_0, 11, 11));
    }

    @ParameterizedTest(name = "{0}: agent at start on Java {1}, then stock and attach on Java {2}")
    @MethodSource("lines")
    void servedByTheAgentAndReadableWithoutIt(CassandraLine line, int agentJava, int stockJava) {
        for (int v : new int[] {agentJava, stockJava}) {
            assertTrue(line.javaVersions().contains(v), line + " does not support Java " + v);
        }
        JavaRuntime first = InstalledBaseJavas.runtime(agentJava);
        JavaRuntime second = InstalledBaseJavas.runtime(stockJava);
        String name = "base-" + line.version();
        try (CassandraNode node = CassandraNode.single(name, NodeLayout.nodesDir(), "127.0.0.1", line, first,
                CassandraNode.START_TIMEOUT)) {
            try {
                AdvisorCheck advisor = advisorLine(line)
                        ? new AdvisorCheck(node, first, line.version() + " on Java " + agentJava) : null;
                servedWithTheAgent(node, line, advisor);
                if (advisor != null) {
                    advisor.checkAfterStop();
                }
                node.useJava(second);
                readableWithoutIt(node, line);
                liveCommands(node, second, stockJava);
            } catch (AssertionError | RuntimeException e) {
                System.err.println("[" + name + "]\n" + node.diagnostics());
                throw e;
            }
        }
    }

    /**
     * The lines on which the advisor also runs (AdvisorCheck), on the Java of the agent's start: 4.0
     * on Java 8 (so that the advisor runs on Java 8 too) and 6.0 on Java 11. Not 4.1 and 5.0: both
     * write 4.0's SSTable format (nb; 5.0 while its storage_compatibility_mode is CASSANDRA_4, the
     * default), which 4.0's run reads, and each run costs CI about half a minute.
     */
    static boolean advisorLine(CassandraLine line) {
        return line == CassandraLine.V4_0 || line == CassandraLine.V6_0;
    }

    private static TestTable table(CassandraLine line) {
        return new TestTable("base", "rows_" + line.name().toLowerCase(), 16);
    }

    private static SampleRows rows() {
        return new SampleRows(4711, 10);
    }

    private static void servedWithTheAgent(CassandraNode node, CassandraLine line, AdvisorCheck advisor) {
        node.start(AcceleratedNodeIT.ACCELERATED);
        LogFile.Mark systemLogMark = node.systemLog().mark();
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
        LogFile.Mark systemLogMark = node.systemLog().mark();
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
