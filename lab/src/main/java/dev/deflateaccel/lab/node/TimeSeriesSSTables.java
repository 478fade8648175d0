package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.io.sstable.CQLSSTableWriter;
import org.apache.cassandra.io.sstable.format.big.BigFormat;

import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.TimeSeriesPoint;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * The time-series table's SSTables written offline with Cassandra's own CQLSSTableWriter
 * (cassandra-all 5.0.9, the nodes' version), for a node to import: a table of a few hundred MB
 * takes a minute or two this way, where loading it through CQL takes about twenty here. The files
 * are compressed with the table's compressor by stock Cassandra code (no agent in this JVM), as an
 * operator's existing table would be, and kept in a cache folder per (compression, points,
 * sensors), so that every run of a benchmark imports the same bytes.
 */
final class TimeSeriesSSTables {

    /** Marks a finished folder: a run killed halfway leaves none, and the folder is written again. */
    private static final String COMPLETE = "complete";
    /**
     * The writer's in-memory buffer per SSTable: each buffer becomes one SSTable holding part of
     * every partition, so the SSTables overlap the way flushed ones do, and a major compaction
     * really merges them.
     */
    private static final int BUFFER_MIB = 64;
    /** The SSTable version a stock 5.0 node writes and imports (see {@link #initializeAsStockNode}). */
    private static final String NODE_VERSION = "nb";
    /** The compressor class a compression map names ({@code 'class': 'LZ4Compressor'}); none when it is disabled. */
    private static final Pattern COMPRESSOR_CLASS = Pattern.compile("'class'\\s*:\\s*'([^']+)'");
    /**
     * Writes so far in this JVM. In client mode a table's schema, compression included, is kept
     * for the JVM's life, and a second writer for the same keyspace and table silently reuses it:
     * the second cache folder of a run (LZ4 after Deflate) was written with Deflate. Each write
     * therefore declares a table name of its own; the import does not care what the files were
     * written as.
     */
    private static final AtomicInteger WRITES = new AtomicInteger();

    private TimeSeriesSSTables() {
    }

    /** The folder of SSTables holding points [0, points) with {@code compressionCql}; written first if absent. */
    static Path cached(TimeSeriesTable table, String compressionCql, long points, int sensors, Path cacheRoot) {
        String key = compressionCql.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "");
        Path dir = cacheRoot.resolve(String.format(Locale.ROOT, "%s-%d-points-%d-sensors-%s", key, points, sensors, NODE_VERSION));
        if (Files.exists(dir.resolve(COMPLETE))) {
            return dir;
        }
        Files2.deleteRecursively(dir);
        long start = System.nanoTime();
        try (Progress ignored = Progress.show("writing " + dir.getFileName() + " offline", () -> String.format(
                Locale.ROOT, "%ds", (System.nanoTime() - start) / 1_000_000_000L))) {
            write(table, compressionCql, points, sensors, dir);
            checkCompressor(dir, compressionCql);
            Files.createFile(dir.resolve(COMPLETE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Progress.say("  %s: %.0f MiB of SSTables in %.0f s", dir.getFileName(), Files2.sizeOf(dir, "-Data.db") / 1048576.0,
                (System.nanoTime() - start) / 1e9);
        return dir;
    }

    private static void write(TimeSeriesTable table, String compressionCql, long points, int sensors, Path dir)
            throws IOException {
        Files.createDirectories(dir);
        initializeAsStockNode();
        TimeSeriesTable once = new TimeSeriesTable(table.keyspace(), table.name() + "_w" + WRITES.incrementAndGet());
        CQLSSTableWriter writer = CQLSSTableWriter.builder()
                .inDirectory(dir.toString())
                .forTable(once.createTableCql(compressionCql, "'class': 'SizeTieredCompactionStrategy'"))
                .using(once.insertCql())
                .withBufferSizeInMiB(BUFFER_MIB)
                .build();
        try {
            for (long i = 0; i < points; i++) {
                TimeSeriesPoint p = TimeSeriesPoint.of(i, sensors);
                writer.addRow(p.sensor, p.day, Date.from(p.ts), p.value, p.status, p.payload);
            }
        } finally {
            writer.close();
        }
    }

    /**
     * Every SSTable's CompressionInfo.db must name the compressor asked for (its header is the
     * class name), and a table with compression disabled must have none: a folder written with
     * the wrong compressor would be kept and imported by every later run under the wrong name.
     */
    static void checkCompressor(Path dir, String compressionCql) {
        Matcher m = COMPRESSOR_CLASS.matcher(compressionCql);
        String expected = m.find() ? m.group(1).substring(m.group(1).lastIndexOf('.') + 1) : null;
        for (String written : SSTableFiles.compressorsIn(dir)) {
            if (expected == null || !written.endsWith(expected)) {
                throw new IllegalStateException(dir + " was written with " + written + ", not with "
                        + (expected == null ? "compression disabled" : expected) + " (" + compressionCql + ")");
            }
        }
    }

    /**
     * A stock 5.0 node runs with {@code storage_compatibility_mode: CASSANDRA_4} (its cassandra.yaml),
     * so it writes, and imports, only SSTable versions up to "nb"; it skips newer files without a
     * word ("No new SSTables were found"). Cassandra's client mode, which the writer sets up, forces
     * the mode to NONE and so writes 5.0's "oa". The BIG format's newest version is fixed when its
     * version class is initialized, from the mode in force then; so the class is initialized first,
     * under Cassandra's own property for that mode, and the writer then writes "nb".
     */
    private static synchronized void initializeAsStockNode() {
        if (!DatabaseDescriptor.isClientInitialized()) {
            System.setProperty("cassandra.test.storage_compatibility_mode", "CASSANDRA_4");
            try {
                Class.forName(BigFormat.class.getName() + "$BigVersion", true, BigFormat.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            DatabaseDescriptor.clientInitialization(false);
        }
        String version = DatabaseDescriptor.getSelectedSSTableFormat().getLatestVersion().toString();
        if (!version.equals(NODE_VERSION)) {
            throw new IllegalStateException("the offline writer would write SSTable version " + version
                    + ", which a stock 5.0 node (storage_compatibility_mode: CASSANDRA_4) does not import");
        }
    }

    /** Copies the SSTables (not the marker) into {@code staging}, for {@code nodetool import}, which moves them. */
    static void copyTo(Path dir, Path staging) {
        try (Stream<Path> files = Files.list(dir)) {
            Files.createDirectories(staging);
            for (Path f : (Iterable<Path>) files::iterator) {
                if (!f.getFileName().toString().equals(COMPLETE)) {
                    Files.copy(f, staging.resolve(f.getFileName()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
