package dev.deflateaccel.agent.advise;

import java.nio.file.Path;

/**
 * One SSTable's two files the advisor reads, named as Cassandra 4.0 to 6.0 name them:
 * {@code <version>-<generation>-<format>-Data.db} (e.g. {@code nb-1-big-Data.db},
 * {@code da-3gfa_0x1f_...-bti-Data.db}) and the same prefix with {@code -CompressionInfo.db}.
 */
final class SSTable implements Comparable<SSTable> {
    static final String DATA = "-Data.db";
    static final String COMPRESSION_INFO = "-CompressionInfo.db";
    static final String TOC = "-TOC.txt";

    final Path data;
    final Path compressionInfo;
    final Path toc;
    /** The format's version, e.g. {@code nb}, {@code oa}, {@code da}. */
    final String version;
    /** {@code big} or {@code bti}. */
    final String format;

    private SSTable(Path data, Path compressionInfo, String version, String format) {
        this.data = data;
        this.compressionInfo = compressionInfo;
        this.toc = data.resolveSibling(data.getFileName().toString().replace(DATA, TOC));
        this.version = version;
        this.format = format;
    }

    /** The SSTable whose Data.db this is, or null when the name is not an SSTable's of 3.0 or later. */
    static SSTable ofDataFile(Path data) {
        String name = data.getFileName().toString();
        if (!name.endsWith(DATA)) {
            return null;
        }
        String prefix = name.substring(0, name.length() - DATA.length());
        String[] parts = prefix.split("-");
        if (parts.length != 3 || parts[0].length() != 2) {
            return null;
        }
        return new SSTable(data, data.resolveSibling(prefix + COMPRESSION_INFO), parts[0], parts[2]);
    }

    /**
     * Whether CompressionInfo.db carries max compressed length: from version "na" of the big format
     * (Cassandra 4.0) on, and in every version of the bti format (5.0 on).
     */
    boolean hasMaxCompressedLength() {
        return !"big".equals(format) || version.compareTo("na") >= 0;
    }

    @Override
    public int compareTo(SSTable o) {
        return data.compareTo(o.data);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SSTable && ((SSTable) o).data.equals(data);
    }

    @Override
    public int hashCode() {
        return data.hashCode();
    }

    @Override
    public String toString() {
        return data.toString();
    }
}
