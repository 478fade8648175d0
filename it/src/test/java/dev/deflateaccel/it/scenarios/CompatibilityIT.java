package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Scenario 2, on Cassandra 5.0 and 6.0: the agent changes nothing on disk. SSTables written through the agent are read and
 * pass {@code nodetool verify --extended-verify} after the same node restarts without it, and
 * SSTables written by stock Cassandra do the same after it restarts with the agent. Removing the
 * agent is therefore always a safe rollback, and adding it needs no data migration.
 *
 * <p>Each test is self-contained; the order only saves a restart (scenario 1 leaves the agent on).
 */
@ParameterizedClass(name = "{0}")
// The lines that run on JDK 17, the tests' JDK; 4.x nodes and Java 11 are InstalledBaseIT's.
@EnumSource(value = CassandraLine.class, names = {"V5_0", "V6_0"})
@ExtendWith(SharedNodeExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CompatibilityIT implements OnCassandraLine {

    static final int ROWS = 50_000;
    static final NodeSettings WITHOUT_AGENT = NodeSettings.stock();

    @Parameter
    CassandraLine line;

    @Override
    public CassandraLine line() {
        return line;
    }

    /**
     * AcceleratedNodeIT's settings (on 6.0 with both direct I/O settings direct): the same start
     * serves both, and on 6.0 what the agent wrote through DirectCompressedSequentialWriter is then
     * read and verified by stock Cassandra with buffered I/O.
     */
    private NodeSettings withAgent() {
        return AcceleratedNodeIT.accelerated(line);
    }

    @Test
    @Order(1)
    void writtenWithTheAgentIsReadAndVerifiedWithoutIt(CassandraNode node) {
        TestTable table = new TestTable("compat", "written_with_agent", 64);
        SampleRows rows = new SampleRows(2001, 20);

        node.ensureRunning(withAgent());
        EngineStats before = node.engineStats();
        writeAndCompact(node, table, rows);
        EngineAssertions.servedBy(node.engineStats().since(before), EngineStats.COMPRESS, "libdeflate");
        readBackAndVerify(node, table, rows);

        node.ensureRunning(WITHOUT_AGENT);
        assertFalse(node.engineStats().agentLoaded(), "restarted without the agent line, yet its MBeans are there");
        readBackAndVerify(node, table, rows);
    }

    @Test
    @Order(2)
    void writtenWithoutTheAgentIsReadAndVerifiedWithIt(CassandraNode node) {
        TestTable table = new TestTable("compat", "written_without_agent", 16);
        SampleRows rows = new SampleRows(2002, 20);

        node.ensureRunning(WITHOUT_AGENT);
        assertFalse(node.engineStats().agentLoaded(), "started without the agent line, yet its MBeans are there");
        writeAndCompact(node, table, rows);
        readBackAndVerify(node, table, rows);

        node.ensureRunning(withAgent());
        EngineStats before = node.engineStats();
        readBackAndVerify(node, table, rows);
        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");
        assertTrue(delta.get("libdeflate", EngineStats.DECOMPRESS).bytesOut >= ROWS * 200L,
                "libdeflate decompressed less than the table holds:\n" + delta);
    }

    private static void writeAndCompact(CassandraNode node, TestTable table, SampleRows rows) {
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
        DeflateSSTables.flushAndCompact(node, table);
    }

    /** Every row equal, and Cassandra's own extended verification of every SSTable passes. */
    private static void readBackAndVerify(CassandraNode node, TestTable table, SampleRows rows) {
        DeflateSSTables.assertAllDeflate(node, table);
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
        // verify is disabled unless forced since CASSANDRA-9947/17017; a failure exits non-zero.
        node.nodetool().ok("verify", "--force", "--extended-verify", table.keyspace(), table.name());
    }
}
