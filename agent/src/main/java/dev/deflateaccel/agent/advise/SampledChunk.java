package dev.deflateaccel.agent.advise;

/** One chunk read from Data.db, its checksum verified, and decompressed. */
final class SampledChunk {
    final byte[] uncompressed;
    /** The stored bytes, exactly; for a chunk stored uncompressed, the stored bytes too. */
    final byte[] stored;
    /** Stored uncompressed by Cassandra (min_compress_ratio): nothing to time decompressing. */
    final boolean storedUncompressed;
    /** Its SSTable's max compressed length, for the same rule applied to an engine's output. */
    final int maxCompressedLength;
    /** 4 for the CRC32 after a compressed table's chunk; 0 in an uncompressed Data.db. */
    final int checksumBytes;

    SampledChunk(byte[] uncompressed, byte[] stored, boolean storedUncompressed, int maxCompressedLength) {
        this(uncompressed, stored, storedUncompressed, maxCompressedLength, 4);
    }

    SampledChunk(byte[] uncompressed, byte[] stored, boolean storedUncompressed, int maxCompressedLength,
            int checksumBytes) {
        this.checksumBytes = checksumBytes;
        this.uncompressed = uncompressed;
        this.stored = stored;
        this.storedUncompressed = storedUncompressed;
        this.maxCompressedLength = maxCompressedLength;
    }

    boolean empty() {
        return uncompressed.length == 0;
    }

    /** What the chunk occupies in Data.db now: its stored bytes and its checksum, if it has one. */
    long currentBytes() {
        return stored.length + (long) checksumBytes;
    }

    /**
     * What it would occupy with {@code compressedLength} bytes from another codec: Cassandra stores
     * the chunk uncompressed (padded to the max compressed length) when compression did not reach
     * the table's min_compress_ratio, plus the checksum either way.
     */
    long bytesWith(int compressedLength) {
        if (uncompressed.length == 0) {
            // Cassandra compresses no empty chunk: it stores what it stored, and so would the agent.
            return currentBytes();
        }
        if (compressedLength >= maxCompressedLength) {
            return Math.max(uncompressed.length, maxCompressedLength) + 4L;
        }
        return compressedLength + 4L;
    }
}
