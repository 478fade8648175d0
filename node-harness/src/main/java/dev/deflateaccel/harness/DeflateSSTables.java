package dev.deflateaccel.harness;

import java.time.Duration;
import java.util.List;

import dev.deflateaccel.harness.workload.TestTable;

/**
 * Puts a table's rows on disk as DeflateCompressor SSTables: flush (which stock 5.0 writes with
 * LZ4 under {@code flush_compression: fast}), then a major compaction, which rewrites them with
 * the table's compressor. Asserts the result, so no scenario can pass on LZ4 files by accident.
 */
public final class DeflateSSTables {

    /** Compaction deletes the SSTables it replaced asynchronously, shortly after it returns. */
    private static final Duration OBSOLETE_FILES_GONE = Duration.ofSeconds(60);

    private DeflateSSTables() {
    }

    public static void flushAndCompact(CassandraNode node, TestTable table) {
        node.nodetool().ok("flush", table.keyspace(), table.name());
        node.nodetool().ok("compact", table.keyspace(), table.name());
        assertAllDeflate(node, table);
    }

    public static void assertAllDeflate(CassandraNode node, TestTable table) {
        long deadline = System.nanoTime() + OBSOLETE_FILES_GONE.toNanos();
        List<String> compressors = SSTableFiles.compressors(node.layout(), table.keyspace(), table.name());
        while (!allDeflate(compressors) && System.nanoTime() < deadline) {
            sleep();
            compressors = SSTableFiles.compressors(node.layout(), table.keyspace(), table.name());
        }
        if (!allDeflate(compressors)) {
            throw new AssertionError("SSTables of " + table + " on " + node.name() + " are not all DeflateCompressor: "
                    + compressors);
        }
    }

    private static boolean allDeflate(List<String> compressors) {
        return !compressors.isEmpty() && compressors.stream().allMatch(c -> c.endsWith("DeflateCompressor"));
    }

    private static void sleep() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
