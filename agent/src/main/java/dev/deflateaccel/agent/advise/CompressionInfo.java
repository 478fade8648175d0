package dev.deflateaccel.agent.advise;

import java.util.Collections;
import java.util.Map;

/**
 * One SSTable's {@code CompressionInfo.db}: the compressor, its options, the chunk length, the
 * length above which a chunk was stored uncompressed, and where each chunk starts in
 * {@code Data.db}. A chunk {@code i} occupies {@code [offset(i), offset(i+1))} in Data.db: its
 * stored bytes, then 4 bytes of CRC32 over them.
 */
public final class CompressionInfo {
    /** Cassandra's own compressors are named by their simple name in 4.0 and later. */
    static final String CASSANDRA_PACKAGE = "org.apache.cassandra.io.compress.";
    /** The compressor of a table whose compression is disabled: its Data.db holds the rows as they are. */
    static final String UNCOMPRESSED = "uncompressed";
    /**
     * An uncompressed Data.db is read in pieces of this length, Cassandra's default
     * chunk_length_in_kb (16) since 4.0: what the table's chunks would be once compression is on.
     */
    static final int UNCOMPRESSED_PIECE = 16 << 10;

    private final String compressorClass;
    private final Map<String, String> options;
    private final int chunkLength;
    private final int maxCompressedLength;
    private final long uncompressedLength;
    private final long[] offsets;
    private final long dataFileLength;
    /** Whether 4 bytes of CRC32 follow each chunk (not in an uncompressed Data.db). */
    private final boolean checksummed;

    CompressionInfo(String compressorClass, Map<String, String> options, int chunkLength, int maxCompressedLength,
            long uncompressedLength, long[] offsets, long dataFileLength) {
        this(compressorClass, options, chunkLength, maxCompressedLength, uncompressedLength, offsets, dataFileLength,
                true);
    }

    private CompressionInfo(String compressorClass, Map<String, String> options, int chunkLength,
            int maxCompressedLength, long uncompressedLength, long[] offsets, long dataFileLength, boolean checksummed) {
        this.compressorClass = compressorClass;
        this.options = Collections.unmodifiableMap(options);
        this.chunkLength = chunkLength;
        this.maxCompressedLength = maxCompressedLength;
        this.uncompressedLength = uncompressedLength;
        this.offsets = offsets;
        this.dataFileLength = dataFileLength;
        this.checksummed = checksummed;
    }

    /**
     * An uncompressed table's Data.db as if it were chunked: pieces of {@link #UNCOMPRESSED_PIECE},
     * nothing stored uncompressed by the min_compress_ratio rule, no checksums.
     */
    static CompressionInfo uncompressed(long dataFileLength) {
        int pieces = (int) ((dataFileLength + UNCOMPRESSED_PIECE - 1) / UNCOMPRESSED_PIECE);
        long[] offsets = new long[pieces];
        for (int i = 0; i < pieces; i++) {
            offsets[i] = (long) i * UNCOMPRESSED_PIECE;
        }
        return new CompressionInfo(UNCOMPRESSED, new java.util.TreeMap<String, String>(), UNCOMPRESSED_PIECE,
                Integer.MAX_VALUE, dataFileLength, offsets, dataFileLength, false);
    }

    public boolean checksummed() {
        return checksummed;
    }

    /** As written: {@code DeflateCompressor} (4.0+), or a fully qualified name. */
    public String compressorClass() {
        return compressorClass;
    }

    /** The simple name, e.g. {@code LZ4Compressor}. */
    public String compressorName() {
        int dot = compressorClass.lastIndexOf('.');
        return dot < 0 ? compressorClass : compressorClass.substring(dot + 1);
    }

    /** The fully qualified class name, as Cassandra resolves a simple one. */
    public String qualifiedCompressorClass() {
        if (UNCOMPRESSED.equals(compressorClass)) {
            return UNCOMPRESSED;
        }
        return compressorClass.indexOf('.') < 0 ? CASSANDRA_PACKAGE + compressorClass : compressorClass;
    }

    public Map<String, String> options() {
        return options;
    }

    public int chunkLength() {
        return chunkLength;
    }

    /**
     * A chunk stored with this many bytes or more was stored uncompressed (Cassandra's
     * {@code min_compress_ratio}); {@code Integer.MAX_VALUE} when the table sets none.
     */
    public int maxCompressedLength() {
        return maxCompressedLength;
    }

    /** Σ of the chunks' uncompressed lengths. */
    public long uncompressedLength() {
        return uncompressedLength;
    }

    public int chunkCount() {
        return offsets.length;
    }

    /** Data.db's length when CompressionInfo.db was read (the chunks are checked against it). */
    public long dataFileLength() {
        return dataFileLength;
    }

    public long offset(int chunk) {
        return offsets[chunk];
    }

    /** Stored bytes of the chunk, without its 4-byte checksum. */
    public int storedLength(int chunk) {
        long end = chunk + 1 < offsets.length ? offsets[chunk + 1] : dataFileLength;
        return (int) (end - offsets[chunk] - (checksummed ? 4 : 0));
    }

    /** 0 for the empty chunk a compaction's SSTable may end with. */
    public int uncompressedLength(int chunk) {
        return (int) Math.max(0, Math.min(chunkLength, uncompressedLength - (long) chunk * chunkLength));
    }

    /** Whether Cassandra stored this chunk as it was, because compressing it did not pay. */
    public boolean storedUncompressed(int chunk) {
        return uncompressedLength(chunk) > 0 && storedLength(chunk) >= maxCompressedLength;
    }
}
