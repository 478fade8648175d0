package dev.deflateaccel.harness;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The live SSTables of one table on a node's disk, and the compressor each was written with.
 *
 * <p>This matters because Cassandra 5.0's stock {@code flush_compression: fast} writes flushed
 * SSTables of a Deflate table with LZ4; only compaction rewrites them with DeflateCompressor.
 * A scenario that wants Deflate data on disk must compact, and proves it did with this.
 */
public final class SSTableFiles {

    private SSTableFiles() {
    }

    /** The compressor name recorded in each live SSTable's CompressionInfo.db. */
    public static List<String> compressors(NodeLayout layout, String keyspace, String table) {
        return tableDirectories(layout, keyspace, table).stream()
                .flatMap(dir -> compressorsIn(dir).stream())
                .collect(Collectors.toList());
    }

    /** The compressor name recorded in each CompressionInfo.db of one folder of SSTables, by file name. */
    public static List<String> compressorsIn(Path dir) {
        return list(dir).stream()
                .filter(p -> p.getFileName().toString().endsWith("-CompressionInfo.db"))
                .sorted()
                .map(SSTableFiles::compressorOf)
                .flatMap(Optional::stream)
                .collect(Collectors.toList());
    }

    /** Total size of the table's live Data.db files: what the data occupies compressed. */
    public static long dataBytes(NodeLayout layout, String keyspace, String table) {
        return tableDirectories(layout, keyspace, table).stream()
                .mapToLong(dir -> Files2.sizeOf(dir, "-Data.db"))
                .sum();
    }

    /** The table's live Data.db files (a compaction's replaced ones may still be there for a moment). */
    public static List<Path> dataFiles(NodeLayout layout, String keyspace, String table) {
        return tableDirectories(layout, keyspace, table).stream()
                .flatMap(dir -> list(dir).stream())
                .filter(p -> p.getFileName().toString().endsWith("-Data.db"))
                .sorted()
                .collect(Collectors.toList());
    }

    /** A table's directory is {@code name-<table id>}; snapshots and backups sit below it and are skipped. */
    private static List<Path> tableDirectories(NodeLayout layout, String keyspace, String table) {
        Path keyspaceDir = layout.tableDataParent(keyspace);
        if (!Files.isDirectory(keyspaceDir)) {
            return List.of();
        }
        return list(keyspaceDir).stream()
                .filter(p -> p.getFileName().toString().startsWith(table + "-"))
                .collect(Collectors.toList());
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** CompressionInfo.db starts with the compressor's class name, written by DataOutput.writeUTF. */
    private static Optional<String> compressorOf(Path compressionInfo) {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(compressionInfo))) {
            return Optional.of(in.readUTF());
        } catch (NoSuchFileException e) {
            // Deleted between listing and reading: an SSTable a compaction had just replaced.
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + compressionInfo, e);
        }
    }
}
