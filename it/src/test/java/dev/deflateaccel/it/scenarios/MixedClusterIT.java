package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ALL;
import static com.datastax.oss.driver.api.core.ConsistencyLevel.QUORUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.CassandraCluster;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Scenario 5: a rolling introduction of the agent - three nodes, RF=3, two with the agent and one
 * stock. Each kind of node misses writes while it is down (hinted handoff off, so only repair can
 * bring them back), the cluster is repaired - Merkle trees built on both kinds of node from
 * Deflate SSTables, the differences streamed between them - and afterwards every row reads back
 * equal at consistency ALL. Repair preview shows the replicas out of sync before and in sync after,
 * so the repair did real work across agent and non-agent nodes.
 */
@ExtendWith(SharedNodeExtension.class)
class MixedClusterIT {

    static final int ROWS_PER_PHASE = 10_000;
    static final String IN_SYNC = "Previewed data was in sync";
    /** Hinted handoff would heal the missed writes itself; the scenario is about repair. */
    static final NodeSettings AGENT = AcceleratedNodeIT.ACCELERATED.yaml("hinted_handoff_enabled", "false");
    static final NodeSettings STOCK = NodeSettings.stock().yaml("hinted_handoff_enabled", "false");

    /** The single-node scenarios' node is not needed here; its CPU is. */
    @BeforeAll
    static void stopSingleNode(CassandraNode single) {
        single.stop();
    }

    @Test
    void agentAndStockReplicasRepairEachOtherAndAgreeAtAll() {
        try (CassandraCluster cluster = CassandraCluster.create("mixed", NodeLayout.nodesDir(), 3)) {
            try {
                run(cluster);
            } catch (AssertionError | RuntimeException e) {
                System.err.println(cluster.diagnostics());
                throw e;
            }
        }
    }

    private static void run(CassandraCluster cluster) {
        CassandraNode agent1 = cluster.node(1);
        CassandraNode agent2 = cluster.node(2);
        CassandraNode stock = cluster.node(3);
        cluster.start(List.of(AGENT, AGENT, STOCK));
        List<LogFile.Mark> logMarks = cluster.nodes().stream().map(n -> n.systemLog().mark()).collect(Collectors.toList());

        TestTable table = new TestTable("mixed", "rows", 16);
        SampleRows rows = new SampleRows(5001, 10);
        table.create(cluster.session(), 3);

        writePhase(cluster, table, rows, 0);                 // all three replicas
        stock.stop();
        writePhase(cluster, table, rows, 1);                 // only the agent nodes
        stock.start(STOCK);
        cluster.awaitAllUp();
        agent1.stop();
        writePhase(cluster, table, rows, 2);                 // an agent node and the stock node
        agent1.start(AGENT);
        cluster.awaitAllUp();

        for (CassandraNode node : cluster.nodes()) {
            DeflateSSTables.flushAndCompact(node, table);
        }
        String before = agent1.nodetool().ok("repair", "--full", "--preview", table.keyspace(), table.name());
        assertFalse(before.contains(IN_SYNC), "replicas should differ before repair:\n" + before);
        agent1.nodetool().ok("repair", "--full", table.keyspace(), table.name());
        String after = agent1.nodetool().ok("repair", "--full", "--preview", table.keyspace(), table.name());
        assertTrue(after.contains(IN_SYNC), "replicas still differ after repair:\n" + after);

        new DataVerifier(cluster.session(), table, rows).scan(ALL, RowSet.range(0, 3L * ROWS_PER_PHASE)).assertComplete();

        for (CassandraNode node : List.of(agent1, agent2)) {
            EngineStats stats = node.engineStats();
            EngineAssertions.servedBy(stats, EngineStats.COMPRESS, "libdeflate");
            EngineAssertions.servedBy(stats, EngineStats.DECOMPRESS, "libdeflate");
        }
        assertFalse(stock.engineStats().agentLoaded(), "the stock node has the agent's MBeans");
        for (int i = 0; i < cluster.nodes().size(); i++) {
            CassandraNode node = cluster.nodes().get(i);
            assertEquals(List.of(), node.systemLog().errorsSince(logMarks.get(i)), "ERROR lines on " + node.name());
        }
    }

    private static void writePhase(CassandraCluster cluster, TestTable table, SampleRows rows, int phase) {
        long from = (long) phase * ROWS_PER_PHASE;
        new DataWriter(cluster.session(), table, rows, QUORUM).writeAll(from, from + ROWS_PER_PHASE);
    }
}
