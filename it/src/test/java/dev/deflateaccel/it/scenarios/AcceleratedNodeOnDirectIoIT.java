package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentMBean;
import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LiveConfigEdit;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.PageCache;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Cassandra 6.0's direct I/O with the agent (issue 37 item 3), on the shared 6.0 node as
 * {@link AcceleratedNodeIT} starts it (both direct I/O settings {@code direct}, libdeflate), so no
 * node start of its own when it follows that class: its name sorts right after it (the scenarios
 * run in alphabetical order, it/pom.xml). A class of its own, on 6.0 only, so that 5.0 has no
 * skipped test.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = CassandraLine.class, names = {"V6_0"})
@ExtendWith(SharedNodeExtension.class)
class AcceleratedNodeOnDirectIoIT implements OnCassandraLine {

    @Parameter
    CassandraLine line;

    @Override
    public CassandraLine line() {
        return line;
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
    void compactionOfDeflateSSTablesThroughDirectIo(CassandraNode node) throws IOException {
        node.ensureRunning(AcceleratedNodeIT.accelerated(line));
        // The log holds every start of this node; the last start's line is the last one.
        List<String> resolved = node.systemLog().linesSince(LogFile.Mark.start()).stream()
                .filter(l -> l.contains("compaction_read_disk_access_mode resolved to:"))
                .collect(Collectors.toList());
        assertTrue(!resolved.isEmpty() && resolved.get(resolved.size() - 1).trim().endsWith("resolved to: direct"),
                "the node did not resolve compaction_read_disk_access_mode to direct: " + resolved + " in " + node.systemLog().path());
        for (Map.Entry<String, String> e : AcceleratedNodeIT.DIRECT_IO.entrySet()) {
            String value = node.session().execute("SELECT value FROM system_views.settings WHERE name = ?", e.getKey())
                    .one().getString("value");
            assertEquals(e.getValue(), value, e.getKey() + " in system_views.settings");
        }
        LogFile.Mark systemLogMark = node.systemLog().mark();
        LogFile.Mark agentLogMark = node.agentLog().mark();

        TestTable table = new TestTable("accelerated", "direct_io_16k", 16);
        SampleRows rows = new SampleRows(37, 10);
        table.create(node.session(), 1);
        int half = AcceleratedNodeIT.DIRECT_IO_ROWS / 2;
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

        writer.writeAll(half, AcceleratedNodeIT.DIRECT_IO_ROWS);
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
        verifier.scan(ONE, RowSet.range(0, AcceleratedNodeIT.DIRECT_IO_ROWS)).assertComplete();
        verifier.pointReads(ONE, RowSet.of(new SplittableRandom(37).longs(AcceleratedNodeIT.POINT_READS, 0, AcceleratedNodeIT.DIRECT_IO_ROWS).boxed()
                .collect(Collectors.toList()))).assertComplete();

        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in " + node.systemLog().path());
        assertEquals(List.of(), AcceleratedNodeIT.nonEmpty(node.agentLog().linesSince(agentLogMark)),
                "the agent logged warnings or errors in " + node.agentLog().path());

        pacingAskedForOnDirectWrites(node, table, rows);
    }

    /**
     * Issue 57: compaction_writeback_mib switched on live on a node whose compactions write with
     * direct I/O. A compaction of two SSTables (the one above and a flushed one) writes through
     * DirectCompressedSequentialWriter: the agent says once that there is nothing to pace, paces
     * nothing, and every row still reads back. The shared node's config is put back afterwards.
     */
    private void pacingAskedForOnDirectWrites(CassandraNode node, TestTable table, SampleRows rows) throws IOException {
        LogFile.Mark agentLogMark = node.agentLog().mark();
        // log_file as the node's start wrote it (NodeConf), so that the agent keeps logging there.
        AgentConfig started = AgentConfig.libdeflate().with(AgentConfig.LOG_FILE, node.layout().agentLog().toString());
        LiveConfigEdit.applyCleanly(node, started.with(ConfigKey.COMPACTION_WRITEBACK_MIB.key(), "1"));
        try {
            int more = AcceleratedNodeIT.DIRECT_IO_ROWS + 5_000;
            new DataWriter(node.session(), table, rows, ONE).writeAll(AcceleratedNodeIT.DIRECT_IO_ROWS, more);
            node.nodetool().ok("flush", table.keyspace(), table.name());
            node.nodetool().ok("compact", table.keyspace(), table.name());
            List<String> said = node.agentLog().linesSince(agentLogMark).stream()
                    .filter(l -> l.contains("leaves nothing to pace")).collect(Collectors.toList());
            assertEquals(1, said.size(), "the agent must say once that direct writes leave nothing to pace: "
                    + node.agentLog().linesSince(agentLogMark));
            assertEquals(0L, ((Number) AgentMBean.attribute(node.ports().jmx(), "CompactionWritebackBytes")).longValue(),
                    String.valueOf(AgentMBean.attribute(node.ports().jmx(), "CompactionWriteback")));
            new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, more)).assertComplete();
        } finally {
            // The shared node's config as its start wrote it, for the scenarios after this one.
            LiveConfigEdit.applyCleanly(node, started);
        }
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
}
