package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Scenario 1, on Cassandra 5.0 and 6.0: a stock node with the agent line in jvm-server.options serves a
 * DeflateCompressor table end to end - 200k rows written, flushed, compacted, every row read back
 * (full scan plus random point reads) and equal - with libdeflate doing the compressing and
 * decompressing, and neither Cassandra nor the agent logging a problem.
 *
 * <p>On 6.0 the node runs with both of 6.0's direct I/O settings {@code direct}
 * ({@link #accelerated(CassandraLine)}), so every compaction here reads through
 * {@code CompressedChunkReader.Direct} (a direct input buffer into {@code uncompress(ByteBuffer,
 * ByteBuffer)}) and writes through {@code DirectCompressedSequentialWriter}; {@link AcceleratedNodeOnDirectIoIT}
 * checks those paths on the same start.
 */
@ParameterizedClass(name = "{0}")
// The lines that run on JDK 17, the tests' JDK; 4.x nodes and Java 11 are InstalledBaseIT's.
@EnumSource(value = CassandraLine.class, names = {"V5_0", "V6_0"})
@ExtendWith(SharedNodeExtension.class)
class AcceleratedNodeIT implements OnCassandraLine {

    static final int ROWS = 200_000;
    static final int POINT_READS = 2_000;
    static final NodeSettings ACCELERATED = NodeSettings.withAgent(AgentConfig.libdeflate());
    /** Cassandra 6.0's two direct I/O settings, both {@code direct} (stock's defaults: auto, standard). */
    static final Map<String, String> DIRECT_IO = directIo();
    static final int DIRECT_IO_ROWS = 60_000;

    /** In cassandra.yaml's order (Map.of's order changes from run to run). */
    private static Map<String, String> directIo() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("compaction_read_disk_access_mode", "direct");
        settings.put("background_write_disk_access_mode", "direct");
        return Collections.unmodifiableMap(settings);
    }

    /** {@link #ACCELERATED}, and on 6.0 with {@link #DIRECT_IO} (one node start serves both). */
    static NodeSettings accelerated(CassandraLine line) {
        NodeSettings settings = ACCELERATED;
        if (line == CassandraLine.V6_0) {
            for (Map.Entry<String, String> e : DIRECT_IO.entrySet()) {
                settings = settings.yaml(e.getKey(), e.getValue());
            }
        }
        return settings;
    }

    @Parameter
    CassandraLine line;

    @Override
    public CassandraLine line() {
        return line;
    }

    @ParameterizedTest(name = "DeflateCompressor with {0} KiB chunks")
    @ValueSource(ints = {16, 64})
    void deflateTableRoundTripsThroughLibdeflate(int chunkKb, CassandraNode node) {
        node.ensureRunning(accelerated(line));
        LogFile.Mark systemLogMark = node.systemLog().mark();
        LogFile.Mark agentLogMark = node.agentLog().mark();
        EngineStats before = node.engineStats();

        TestTable table = new TestTable("accelerated", "rows_" + chunkKb + "k", chunkKb);
        SampleRows rows = new SampleRows(1000 + chunkKb, 10);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
        DeflateSSTables.flushAndCompact(node, table);

        DataVerifier verifier = new DataVerifier(node.session(), table, rows);
        verifier.scan(ONE, RowSet.range(0, ROWS)).assertComplete();
        verifier.pointReads(ONE, randomRows(chunkKb)).assertComplete();

        EngineStats delta = node.engineStats().since(before);
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");
        EngineCounters compressed = delta.get("libdeflate", EngineStats.COMPRESS);
        EngineCounters decompressed = delta.get("libdeflate", EngineStats.DECOMPRESS);
        assertTrue(compressed.bytesOut < compressed.bytesIn, "text-heavy rows must compress:\n" + delta);
        assertTrue(decompressed.bytesOut > decompressed.bytesIn, "decompression must expand:\n" + delta);
        // Every byte of the rows went through the compressor at least once (compaction).
        assertTrue(compressed.bytesIn > ROWS * 200L, "compressed fewer bytes than were written:\n" + delta);

        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
        assertEquals(List.of(), nonEmpty(node.agentLog().linesSince(agentLogMark)),
                "the agent logged warnings or errors in " + node.agentLog().path());
    }

    static RowSet randomRows(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return RowSet.of(random.longs(POINT_READS, 0, ROWS).boxed().collect(Collectors.toList()));
    }

    static List<String> nonEmpty(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank()).collect(Collectors.toList());
    }
}
