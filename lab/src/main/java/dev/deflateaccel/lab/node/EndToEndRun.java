package dev.deflateaccel.lab.node;

import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import com.datastax.oss.driver.api.core.CqlSession;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.Pause;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRow;
import dev.deflateaccel.sample.SampleRows;

/**
 * One end-to-end run's workload on its fresh node (FreshNode), phase by phase: load the rows,
 * flush, a timed major compaction (LoadAndCompaction), then random point reads with the chunk cache off (so every read
 * decompresses a chunk); per phase its time and the Cassandra process's CPU (utime + stime from
 * /proc/&lt;pid&gt;/stat) per operation. The engine check requires both directions: the compaction
 * compresses, the reads decompress.
 */
final class EndToEndRun {

    /** Every node: the chunk cache off, so that every point read decompresses a chunk. */
    static final NodeSettings BASE = NodeSettings.stock().yaml("file_cache_enabled", "false");

    private final EndToEndOptions options;
    private final FreshNode freshNode;
    private final SampleRows generator;
    private final double rawBytesPerRow;
    private final TestTable table;

    EndToEndRun(EndToEndOptions options, Path nodesDir, SampleRows generator, double rawBytesPerRow) {
        this.options = options;
        this.freshNode = new FreshNode(nodesDir, options.cassandra, BASE, NodeEngineCheck.Requires.BOTH, null, false);
        this.generator = generator;
        this.rawBytesPerRow = rawBytesPerRow;
        this.table = new TestTable("e2e_bench", "rows", options.chunkKb);
    }

    EndToEndResult run(SteadyConfig config, int repetition) {
        return freshNode.run(config, repetition, new EndToEndResult(), node -> createTable(node.session(), config),
                (node, r) -> measure(node, config, r));
    }

    /** TestTable's columns, with the configuration's compressor instead of Deflate. */
    private void createTable(CqlSession session, SteadyConfig config) {
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + table.keyspace()
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        session.execute("CREATE TABLE " + table.qualified() + " ("
                + "pk bigint, ck int, id uuid, created timestamp, name text, body text, amount double, payload blob, "
                + "PRIMARY KEY (pk, ck)) WITH compression = {" + config.compressionCql(options.chunkKb) + "}");
    }

    private void measure(FreshNode.Started node, SteadyConfig config, EndToEndResult r) {
        r.load = LoadAndCompaction.measure(node, table, generator, options.rows, options.concurrency);
        r.rawMB = options.rows * rawBytesPerRow / 1e6;
        r.compactMBps = r.rawMB / r.load.compactSeconds;
        awaitCompressor(node.node, config.compressor);
        r.sstableMB = SSTableFiles.dataBytes(node.node.layout(), table.keyspace(), table.name()) / 1e6;

        MixedWorkload warm = MixedWorkload.pointReads(node.session(), table, generator, options.rows,
                options.concurrency, 5);
        try (Progress ignored = Progress.show("read warm-up, not measured", () -> String.format(Locale.ROOT,
                "%,d reads", warm.completed.get()))) {
            warm.run(Duration.ofSeconds(options.readWarmupSeconds));
        }
        MixedWorkload reads = MixedWorkload.pointReads(node.session(), table, generator, options.rows,
                options.concurrency, 11);
        double cpu = ProcessCpu.seconds(node.pid);
        long readStart = System.nanoTime();
        try (Progress ignored = Progress.show("random point reads", () -> String.format(Locale.ROOT,
                "%,d reads, %,.0f ops/s, %ds of %ds", reads.completed.get(),
                reads.completed.get() / Math.max(0.001, seconds(readStart)), (long) seconds(readStart),
                options.readSeconds))) {
            reads.run(Duration.ofSeconds(options.readSeconds));
        }
        r.readCpuMicrosPerRead = (ProcessCpu.seconds(node.pid) - cpu) * 1e6 / Math.max(1, reads.reads.count());
        r.readOpsPerSecond = reads.operationsPerSecond();
        r.readP99Millis = reads.reads.percentileMillis(99);
        r.failures = reads.failures.get() + warm.failures.get();
        r.wrongReads = reads.wrongReads.get() + warm.wrongReads.get();
    }

    /** After the major compaction every live SSTable must carry the table's compressor. */
    private void awaitCompressor(CassandraNode node, String compressor) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            List<String> found = SSTableFiles.compressors(node.layout(), table.keyspace(), table.name());
            if (!found.isEmpty() && found.stream().allMatch(c -> c.endsWith(compressor))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("SSTables are not all " + compressor + ": " + found);
            }
            Pause.millis(250);
        }
    }

    /**
     * Uncompressed size of a row as the sum of its column values: pk 8 + ck 4 + uuid 16 +
     * timestamp 8 + double 8 + UTF-8 bytes of name and body + payload bytes.
     */
    static double rawBytesPerRow(SampleRows generator, long rows) {
        long sum = 0;
        for (long i = 0; i < rows; i++) {
            SampleRow row = generator.row(i);
            sum += 8 + 4 + 16 + 8 + 8 + row.name.getBytes(StandardCharsets.UTF_8).length
                    + row.body.getBytes(StandardCharsets.UTF_8).length + row.payload.length;
        }
        return (double) sum / rows;
    }
}
