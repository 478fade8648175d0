package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.bridge.engine.VendorLibraries;
import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * The IAA engine inside a stock Cassandra 5.0 node, bound to Intel's real QPL 1.6.0 and running
 * QPL's software path (the tests' {@code deflateaccel.vendorSoftwarePaths} mode: the same job
 * structure, flags and qpl_execute_job as the device path, with no device). Flushes use the
 * table's compressor ({@code flush_compression: table}), so IAA writes every SSTable; compaction
 * rewrites them; reads are served by IAA. Then the node restarts without the agent, and stock
 * Cassandra reads every row of what IAA wrote.
 */
@ExtendWith(SharedNodeExtension.class)
class IaaVendorSoftwarePathNodeIT {

    static final int ROWS = 20_000;

    @Test
    void iaaOnQplsSoftwarePathWritesWhatStockReads(CassandraNode node) {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        // zlib off: what IAA declines must show up as Cassandra's own code.
        AgentConfig iaa = AgentConfig.allOff("IAA on QPL 1.6.0's software path")
                .with(AgentConfig.USE_IAA_COMPRESS, "1")
                .with(AgentConfig.USE_IAA_UNCOMPRESS, "1")
                .with("iaa_library", VendorLibraries.qpl());
        node.ensureRunning(NodeSettings.withAgent(iaa)
                .yaml("flush_compression", "table")
                .jvmOption("-Ddeflateaccel.vendorSoftwarePaths=true"));
        LogFile.Mark systemLogMark = node.systemLog().mark();
        EngineStats before = node.engineStats();

        TestTable table = new TestTable("iaa_vendor", "rows_16k", 16);
        SampleRows rows = new SampleRows(1717, 10);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
        node.nodetool().ok("flush", table.keyspace(), table.name());
        DeflateSSTables.assertAllDeflate(node, table); // flush_compression: table wrote them with Deflate
        node.nodetool().ok("compact", table.keyspace(), table.name());
        DeflateSSTables.assertAllDeflate(node, table);
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();

        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "iaa");
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "iaa");
        assertTrue(delta.get("iaa", EngineStats.COMPRESS).bytesIn > ROWS * 200L, "IAA compressed flush and compaction:\n" + delta);
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());

        node.ensureRunning(NodeSettings.stock());
        assertFalse(node.engineStats().agentLoaded(), "restarted without the agent line, yet its MBeans are there");
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
        node.nodetool().ok("verify", "--force", "--extended-verify", table.keyspace(), table.name());
    }
}
