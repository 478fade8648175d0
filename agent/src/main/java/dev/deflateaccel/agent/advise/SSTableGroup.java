package dev.deflateaccel.agent.advise;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One table's SSTables of one compressor. A table can hold several (an ALTER of its compression
 * rewrites SSTables only as compaction reaches them; stock 5.0 flushes a Deflate table with LZ4),
 * and each is reported on its own.
 */
final class SSTableGroup {
    final TableRef ref;
    /** The table's first folder (a node with several data directories has one in each: {@link TableRef#folders}). */
    final Path tableFolder;
    final String compressorName;
    final String qualifiedCompressorClass;
    final List<CompressedSSTable> sstables;

    private SSTableGroup(TableRef ref, String compressorName, String qualifiedClass, List<CompressedSSTable> sstables) {
        this.ref = ref;
        this.tableFolder = ref.folders().isEmpty() ? null : ref.folders().get(0);
        this.compressorName = compressorName;
        this.qualifiedCompressorClass = qualifiedClass;
        this.sstables = Collections.unmodifiableList(sstables);
    }

    static List<SSTableGroup> of(Path tableFolder, List<CompressedSSTable> sstables) {
        Path parent = tableFolder.getParent();
        TableRef ref = new TableRef(parent == null || parent.getFileName() == null ? "?" : parent.getFileName().toString(),
                tableFolder.getFileName().toString(), null);
        ref.addFolder(tableFolder);
        return of(ref, sstables);
    }

    static List<SSTableGroup> of(TableRef ref, List<CompressedSSTable> sstables) {
        Map<String, List<CompressedSSTable>> byClass = new LinkedHashMap<>();
        for (CompressedSSTable s : sstables) {
            String c = s.info.qualifiedCompressorClass();
            List<CompressedSSTable> l = byClass.get(c);
            if (l == null) {
                l = new ArrayList<>();
                byClass.put(c, l);
            }
            l.add(s);
        }
        List<SSTableGroup> groups = new ArrayList<>();
        for (Map.Entry<String, List<CompressedSSTable>> e : byClass.entrySet()) {
            List<CompressedSSTable> l = e.getValue();
            groups.add(new SSTableGroup(ref, l.get(0).info.compressorName(), e.getKey(), l));
        }
        return groups;
    }

    /** The keyspace's name: the table folder's parent. */
    String keyspace() {
        return ref.keyspace;
    }

    /** The table's name: its folder is {@code <table>-<32 hex digits of its id>}. */
    String table() {
        return ref.table();
    }

    /** {@code ks.table} as the report and the weights name it. */
    String name() {
        return ref.name();
    }

    boolean isDeflate() {
        return (CompressionInfo.CASSANDRA_PACKAGE + "DeflateCompressor").equals(qualifiedCompressorClass);
    }

    boolean isUncompressed() {
        return CompressionInfo.UNCOMPRESSED.equals(qualifiedCompressorClass);
    }

    /**
     * The table's min_compress_ratio as its CompressionInfo.db records it (the max compressed length
     * Cassandra derives from it: ceil(chunk length / ratio)); NaN when it sets none.
     */
    double minCompressRatio() {
        int max = maxCompressedLength();
        return max == Integer.MAX_VALUE ? Double.NaN : (double) chunkLengths().get(0) / max;
    }

    long dataBytes() {
        long sum = 0;
        for (CompressedSSTable s : sstables) {
            sum += s.info.dataFileLength();
        }
        return sum;
    }

    long uncompressedBytes() {
        long sum = 0;
        for (CompressedSSTable s : sstables) {
            sum += s.info.uncompressedLength();
        }
        return sum;
    }

    long chunkCount() {
        long sum = 0;
        for (CompressedSSTable s : sstables) {
            sum += s.info.chunkCount();
        }
        return sum;
    }

    /** The chunk lengths in it, e.g. [16384], or two when the table's chunk length was altered. */
    List<Integer> chunkLengths() {
        TreeSet<Integer> lengths = new TreeSet<>();
        for (CompressedSSTable s : sstables) {
            lengths.add(s.info.chunkLength());
        }
        return new ArrayList<>(lengths);
    }

    /** The smallest max compressed length in it (Cassandra's min_compress_ratio rule). */
    int maxCompressedLength() {
        int m = Integer.MAX_VALUE;
        for (CompressedSSTable s : sstables) {
            m = Math.min(m, s.info.maxCompressedLength());
        }
        return m;
    }

    Map<String, String> options() {
        return sstables.get(0).info.options();
    }
}
