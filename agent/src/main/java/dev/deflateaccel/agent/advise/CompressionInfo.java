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

    private final String compressorClass;
    private final Map<String, String> options;
    private final int chunkLength;
    private final int maxCompressedLength;
    private final long uncompressedLength;
    private final long[] offsets;
    private final long dataFileLength;

    CompressionInfo(String compressorClass, Map<String, String> options, int chunkLength, int maxCompressedLength,
            long uncompressedLength, long[] offsets, long dataFileLength) {
        this.compressorClass = compressorClass;
        this.options = Collections.unmodifiableMap(options);
        this.chunkLength = chunkLength;
        this.maxCompressedLength = maxCompressedLength;
        this.uncompressedLength = uncompressedLength;
        this.offsets = offsets;
        this.dataFileLength = dataFileLength;
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
        return (int) (end - offsets[chunk] - 4);
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
