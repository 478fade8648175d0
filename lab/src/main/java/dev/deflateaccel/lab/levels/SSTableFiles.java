package dev.deflateaccel.lab.levels;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The *-Data.db files under a directory: a table directory, or a keyspace or data directory above
 * it. Snapshots and incremental backups are hard links to live SSTables and would count the
 * same rows twice, so their directories are skipped.
 *
 * Only uncompressed SSTables are accepted (table option {@code compression = {'enabled': false}}):
 * their Data.db is the raw row stream a compressed table would cut into chunks. An SSTable with a
 * CompressionInfo.db beside it holds compressed chunks, which would measure compressing
 * compressed data, so it is refused with the reason.
 */
public final class SSTableFiles {
    static final String DATA_SUFFIX = "-Data.db";
    static final String COMPRESSION_INFO_SUFFIX = "-CompressionInfo.db";

    private SSTableFiles() {
    }

    /** The data files in path order; throws when there are none or when any is compressed. */
    public static List<Path> find(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--sstables " + dir + " is not a directory");
        }
        List<Path> data;
        try (Stream<Path> all = Files.walk(dir)) {
            data = all.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(DATA_SUFFIX))
                    .filter(p -> !insideSnapshotOrBackup(dir, p))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (data.isEmpty()) {
            throw new IllegalArgumentException("no *" + DATA_SUFFIX + " file under " + dir
                    + " (outside snapshots/ and backups/)");
        }
        List<String> compressed = data.stream().filter(p -> Files.exists(compressionInfoOf(p))).map(Path::toString)
                .collect(Collectors.toList());
        if (!compressed.isEmpty()) {
            throw new IllegalArgumentException("compressed SSTables (a CompressionInfo.db beside them): " + compressed
                    + ". Their Data.db holds compressed chunks; write the table with compression = {'enabled': false}");
        }
        return data;
    }

    static Path compressionInfoOf(Path dataFile) {
        String name = dataFile.getFileName().toString();
        return dataFile.resolveSibling(name.substring(0, name.length() - DATA_SUFFIX.length()) + COMPRESSION_INFO_SUFFIX);
    }

    private static boolean insideSnapshotOrBackup(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            String name = part.toString();
            if (name.equals("snapshots") || name.equals("backups")) {
                return true;
            }
        }
        return false;
    }
}
