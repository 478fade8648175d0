package dev.deflateaccel.agent.advise;

/**
 * The compressor an SSTable was written with, as Cassandra's class of that name runs it: to read
 * the stored chunks back, and to time what that compressor costs on them.
 */
interface SourceCodec {
    /** E.g. {@code LZ4Compressor (lz4-java from /usr/share/cassandra/lib)}. */
    String describe();

    /**
     * Decompresses {@code in[0, length)} into exactly {@code out.length} bytes.
     *
     * @throws Exception when the chunk does not decompress to that many bytes
     */
    void decompress(byte[] in, int length, byte[] out) throws Exception;

    /** Compresses {@code in} into {@code out} (at least {@link #bound} bytes), as Cassandra writes a chunk. */
    int compress(byte[] in, byte[] out) throws Exception;

    int bound(int length);

    /**
     * Null when this is the code the node runs; else why it is not (lz4-java's Java code where its
     * JNI code cannot load here), in a sentence the report prints. Such a table is never advised to
     * move: its own figures may be slower than the node's.
     */
    default String notAsTheNodeRunsIt() {
        return null;
    }
}
