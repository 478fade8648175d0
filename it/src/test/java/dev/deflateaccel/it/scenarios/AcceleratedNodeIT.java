package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.PageCache;
import dev.deflateaccel.harness.SSTableFiles;
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
 * ByteBuffer)}) and writes through {@code DirectCompressedSequentialWriter}; the 6.0-only
 * {@link #compactionOfDeflateSSTablesThroughDirectIo} phase checks those paths on the same start.
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
        long systemLogMark = node.systemLog().mark();
        long agentLogMark = node.agentLog().mark();
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

    /**
     * Issue 37 item 3, on 6.0 with both direct I/O settings {@code direct}: a compaction whose
     * input is a DeflateCompressor SSTable reads it through {@code CompressedChunkReader.Direct},
     * which hands {@code uncompress(ByteBuffer, ByteBuffer)} a slice of a direct, block-aligned
     * buffer, and writes its output through {@code DirectCompressedSequentialWriter}. Flushes
     * write LZ4 ({@code flush_compression: fast}), so it takes two rounds: the first compaction
     * makes a Deflate SSTable, the second reads it. The node must say it resolved direct; the
     * second compaction's Deflate decompressions (at least the compressed bytes of the Deflate
     * SSTable it read) and compressions must all be libdeflate's; the Data.db files the
     * compactions wrote, and the Deflate SSTable the second one read, must be (almost) absent
     * from the page cache, as only O_DIRECT writes and reads leave them; every row reads back equal; no ERROR line, nothing in the agent's log.
     */
    @Test
    void compactionOfDeflateSSTablesThroughDirectIo(CassandraNode node) {
        assumeTrue(line == CassandraLine.V6_0, "direct I/O for compaction reads and background writes is Cassandra 6.0's");
        node.ensureRunning(accelerated(line));
        // The log holds every start of this node; the last start's line is the last one.
        List<String> resolved = node.systemLog().linesSince(0).stream()
                .filter(l -> l.contains("compaction_read_disk_access_mode resolved to:"))
                .collect(Collectors.toList());
        assertTrue(!resolved.isEmpty() && resolved.get(resolved.size() - 1).trim().endsWith("resolved to: direct"),
                "the node did not resolve compaction_read_disk_access_mode to direct: " + resolved + " in " + node.systemLog().path());
        for (Map.Entry<String, String> e : DIRECT_IO.entrySet()) {
            String value = node.session().execute("SELECT value FROM system_views.settings WHERE name = ?", e.getKey())
                    .one().getString("value");
            assertEquals(e.getValue(), value, e.getKey() + " in system_views.settings");
        }
        long systemLogMark = node.systemLog().mark();
        long agentLogMark = node.agentLog().mark();

        TestTable table = new TestTable("accelerated", "direct_io_16k", 16);
        SampleRows rows = new SampleRows(37, 10);
        table.create(node.session(), 1);
        int half = DIRECT_IO_ROWS / 2;
        DataWriter writer = new DataWriter(node.session(), table, rows, ONE);
        writer.writeAll(0, half);
        DeflateSSTables.flushAndCompact(node, table);
        assertWrittenDirect(node, table, "the first compaction (LZ4 flush to Deflate)");
        long deflateBytes = SSTableFiles.dataBytes(node.layout(), table.keyspace(), table.name());

        // A second name for the Deflate SSTable's Data.db (the same inode, so the same page-cache
        // pages), which outlives the compaction that deletes the SSTable: afterwards it tells
        // whether that compaction read the file with O_DIRECT (nothing cached) or buffered.
        Path deflateData = SSTableFiles.dataFiles(node.layout(), table.keyspace(), table.name()).get(0);
        Path probe = node.layout().root().resolve("direct-io-probe-Data.db");
        link(probe, deflateData);

        writer.writeAll(half, DIRECT_IO_ROWS);
        node.nodetool().ok("flush", table.keyspace(), table.name());
        EngineStats before = node.engineStats();
        node.nodetool().ok("compact", table.keyspace(), table.name());
        DeflateSSTables.assertAllDeflate(node, table);
        EngineStats delta = node.engineStats().since(before);
        assertWrittenDirect(node, table, "the second compaction (Deflate and LZ4 to Deflate)");
        long probeResident = PageCache.residentBytes(probe);
        long probeSize = PageCache.size(probe);
        unlink(probe);
        assertTrue(probeResident <= probeSize / 10, "the second compaction left " + probeResident + " of " + probeSize
                + " bytes of the Deflate SSTable it read in the page cache: not read with direct I/O");

        EngineAssertions.servedBy(delta, EngineStats.DECOMPRESS, "libdeflate");
        EngineAssertions.servedBy(delta, EngineStats.COMPRESS, "libdeflate");
        assertEquals(0, delta.get(EngineAssertions.CASSANDRA, EngineStats.DECOMPRESS).operations,
                "Cassandra's own code decompressed during the direct-read compaction:\n" + delta);
        EngineCounters decompressed = delta.get("libdeflate", EngineStats.DECOMPRESS);
        // Data.db holds each chunk plus its 4-byte CRC; 16 KiB chunks of these rows compress to > 2 KiB.
        assertTrue(decompressed.bytesIn >= deflateBytes * 9 / 10,
                "the direct-read compaction decompressed " + decompressed.bytesIn + " bytes through libdeflate, less than the "
                        + deflateBytes + " bytes of the Deflate SSTable it read:\n" + delta);
        System.out.println("[" + line + " direct I/O] Deflate SSTable of " + deflateBytes + " bytes (" + probeResident
                + " of them in the page cache after the compaction read it) read and rewritten by compaction: " + delta);

        DataVerifier verifier = new DataVerifier(node.session(), table, rows);
        verifier.scan(ONE, RowSet.range(0, DIRECT_IO_ROWS)).assertComplete();
        verifier.pointReads(ONE, RowSet.of(new SplittableRandom(37).longs(POINT_READS, 0, DIRECT_IO_ROWS).boxed()
                .collect(Collectors.toList()))).assertComplete();

        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
        assertEquals(List.of(), nonEmpty(node.agentLog().linesSince(agentLogMark)),
                "the agent logged warnings or errors in " + node.agentLog().path());
    }

    private static void link(Path link, Path existing) {
        try {
            Files.deleteIfExists(link);
            Files.createLink(link, existing);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void unlink(Path link) {
        try {
            Files.deleteIfExists(link);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Right after a compaction, before any read: its output written with buffered I/O would be in
     * the page cache whole; with O_DIRECT, at most the few pages Cassandra reads back on opening it.
     */
    private static void assertWrittenDirect(CassandraNode node, TestTable table, String what) {
        List<Path> data = SSTableFiles.dataFiles(node.layout(), table.keyspace(), table.name());
        assertEquals(1, data.size(), what + " left " + data);
        long size = PageCache.size(data.get(0));
        long resident = PageCache.residentBytes(data.get(0));
        assertTrue(size > 1 << 20, what + ": " + data.get(0) + " is only " + size + " bytes");
        assertTrue(resident <= size / 10, what + " left " + resident + " of " + size + " bytes of " + data.get(0)
                + " in the page cache: not written with direct I/O");
        System.out.println("[direct I/O] " + what + ": " + resident + " of " + size + " bytes of its Data.db in the page cache");
    }

    private static RowSet randomRows(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return RowSet.of(random.longs(POINT_READS, 0, ROWS).boxed().collect(Collectors.toList()));
    }

    private static List<String> nonEmpty(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank()).collect(Collectors.toList());
    }
}
