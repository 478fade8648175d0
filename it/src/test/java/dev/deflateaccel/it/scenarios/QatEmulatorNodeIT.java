package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
 * The QAT engine inside a stock Cassandra 5.0 node, on the QATzip DEVICE EMULATOR (no machine
 * here has QAT hardware): the agent loads the emulator by path through {@code qat_library}, as it
 * would load the vendor's libqatzip.so.3. Rows are written, flushed, compacted and read back, and
 * the statistics show {@code qat} compressed and decompressed the chunks. This proves the
 * binding inside a real node, not hardware speed.
 */
@ExtendWith(SharedNodeExtension.class)
class QatEmulatorNodeIT {

    static final int ROWS = 50_000;

    private static Path emulator() {
        Path p = Paths.get(System.getProperty("deflateaccel.emulators", "../native-bridge/target/emulators"))
                .resolve("libqatzip.so.3").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(p), p + " is missing: native-bridge's tests build it (gcc, zlib1g-dev)");
        return p;
    }

    @Test
    void qatEmulatorServesADeflateTable(CassandraNode node) {
        // zlib off: what QAT declines (chunks under 1 KiB) must show up as Cassandra's own code.
        AgentConfig qat = AgentConfig.allOff("QAT on the QATzip device emulator")
                .with(AgentConfig.USE_QAT_COMPRESS, "1")
                .with(AgentConfig.USE_QAT_UNCOMPRESS, "1")
                .with("qat_library", emulator().toString());
        node.ensureRunning(NodeSettings.withAgent(qat));
        LogFile.Mark systemLogMark = node.systemLog().mark();
        EngineStats before = node.engineStats();

        TestTable table = new TestTable("qat_emulator", "rows_16k", 16);
        SampleRows rows = new SampleRows(4242, 10);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
        DeflateSSTables.flushAndCompact(node, table);
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();

        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "qat");
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "qat");
        assertTrue(delta.get("qat", EngineStats.COMPRESS).bytesIn > ROWS * 200L, "QAT compressed the compaction:\n" + delta);
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
    }
}
