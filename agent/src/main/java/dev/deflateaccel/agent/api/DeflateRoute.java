package dev.deflateaccel.agent.api;

import java.nio.ByteBuffer;

/**
 * What Cassandra's woven DeflateCompressor hands its calls to: the one type both class loaders
 * share. It is on the system class path (where Cassandra's class loader finds it), and the
 * agent's isolated class loader implements it (CassandraRoute, over the bridge) and installs it
 * into {@link CurrentRoute}. Only JDK types cross it, so neither side needs the other's classes.
 */
public interface DeflateRoute {
    /** The compressed length + 1, or 0 to run Cassandra's compressArray. */
    int compressArray(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int maxOutputLength);

    /** The decompressed length + 1, or 0 to run Cassandra's uncompress. */
    int uncompressArray(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int maxOutputLength);

    /** True when done (input consumed, output advanced), false to run Cassandra's compressBuffer. */
    boolean compressBuffer(ByteBuffer in, ByteBuffer out);

    /** True when done, false to run Cassandra's uncompressBuffer. */
    boolean uncompressBuffer(ByteBuffer in, ByteBuffer out);

    /** Cassandra's own body ran and returned. Never throws. */
    void stockReturned();

    /** A Throwable the compress advice threw (never a VirtualMachineError: {@link CurrentRoute} rethrows those). */
    void compressAdviceThrew(Throwable t);

    /** As {@link #compressAdviceThrew}, for the decompress advice. */
    void decompressAdviceThrew(Throwable t);
}
