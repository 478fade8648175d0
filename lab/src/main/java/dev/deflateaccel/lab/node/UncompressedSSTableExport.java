package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.Pause;
import dev.deflateaccel.harness.workload.TimeSeriesPreload;
import dev.deflateaccel.harness.workload.TimeSeriesTable;

/**
 * run-steady-load.sh --export-uncompressed-sstables DIR: the steady-load table written by a real
 * node with compression disabled, flushed and major-compacted into one SSTable, copied to DIR. Its
 * *-Data.db is then the node's row format uncompressed, which a chunk benchmark can cut into
 * chunks to compress - realistic input instead of a text corpus.
 */
final class UncompressedSSTableExport {

    private UncompressedSSTableExport() {
    }

    /** Always true: a failure throws. */
    static boolean export(SteadyLoadOptions options, Path nodesDir) {
        TimeSeriesTable table = SteadyRun.TABLE;
        try (CassandraNode node = CassandraNode.single("export", nodesDir, "127.0.0.1")) {
            node.start(NodeSettings.stock());
            table.create(node.session(), "'enabled': false");
            TimeSeriesPreload preload = new TimeSeriesPreload(node.session(), table, options.sensors, options.preloadConcurrency);
            try (Progress ignored = Progress.show("load", () -> String.format(Locale.ROOT, "%,d of %,d points",
                    preload.acknowledged(), options.rows))) {
                preload.writeAll(0, options.rows);
            }
            node.nodetool().ok("flush", table.keyspace(), table.name());
            node.nodetool().ok("compact", table.keyspace(), table.name());
            List<Path> copied = copyLiveFiles(node.layout().tableDataParent(table.keyspace()), table.name(), options.export);
            node.stop();
            Progress.say("%d files of %s (compression disabled, %,d points, one SSTable after major compaction) in %s:",
                    copied.size(), table.qualified(), options.rows, options.export);
            copied.forEach(p -> Progress.say("  %s  %,d bytes", p.getFileName(), size(p)));
        }
        return true;
    }

    /** The table directory's files (not snapshots/ or backups/ below it). */
    private static List<Path> copyLiveFiles(Path keyspaceDir, String table, Path target) {
        try {
            Files.createDirectories(target);
            Path tableDir;
            try (Stream<Path> dirs = Files.list(keyspaceDir)) {
                tableDir = dirs.filter(p -> p.getFileName().toString().startsWith(table + "-")).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no directory for " + table + " in " + keyspaceDir));
            }
            List<Path> files = settledFiles(tableDir);
            for (Path f : files) {
                Files.copy(f, target.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            return files.stream().map(f -> target.resolve(f.getFileName())).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the SSTables to " + target, e);
        }
    }

    /**
     * The table directory's files once the major compaction has cleaned up after itself: no
     * transaction log left and a single Data.db. `nodetool compact` returns before the replaced
     * SSTables and the txn log are gone, and copying then races with their deletion.
     */
    private static List<Path> settledFiles(Path tableDir) throws IOException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            List<Path> files;
            try (Stream<Path> all = Files.list(tableDir)) {
                files = all.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
            }
            long data = files.stream().filter(p -> p.getFileName().toString().endsWith("-Data.db")).count();
            boolean txn = files.stream().anyMatch(p -> p.getFileName().toString().contains("_txn_"));
            if (data == 1 && !txn) {
                return files;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the major compaction did not settle into one SSTable: " + files);
            }
            Pause.millis(250);
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1;
        }
    }
}
