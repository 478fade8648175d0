package dev.deflateaccel.bridge.stats;

/**
 * JMX view of one engine in one direction, registered as
 * {@code dev.deflateaccel:type=EngineStatistics,engine=<engine>,direction=<compress|decompress>}.
 * Flat long attributes, so that jconsole, nodetool-style scripts and the Prometheus JMX exporter
 * read them without any mapping.
 */
public interface EngineStatisticsMBean {
    /** Calls this engine completed. */
    long getOperations();

    /** Input bytes of completed calls (uncompressed for compress, compressed for decompress). */
    long getBytesIn();

    /** Output bytes of completed calls. */
    long getBytesOut();

    /** Failed calls that were errors (native error code, corrupt input, exception), not plain declines. */
    long getErrors();

    /** Calls handed on to the next engine, for any reason. */
    long getFallbacks();

    long getFallbacksOutputTooSmall();

    long getFallbacksInputNotAccepted();

    long getFallbacksContextsBusy();

    long getFallbacksDeviceBusy();

    long getFallbacksCorruptInput();

    long getFallbacksNativeError();

    long getFallbacksBadOutput();

    long getFallbacksUnexpectedException();

    /**
     * Native bytes the engine holds for this direction now: its contexts' staging buffers plus
     * the library's per-context state (java.util.zip's is zlib's estimated state size).
     */
    long getNativeBytes();

    /**
     * CPU time of the calls this engine served in this direction, from entering Cassandra's woven
     * method to its return (the agent's copies and routing included), estimated from the calls
     * timed (CodecClock: one in 32 per thread). Wall time on a JVM without thread CPU time.
     */
    long getCpuNanos();

    /** {@link #getCpuNanos()} of calls made by compaction threads (CallerGroup). */
    long getCpuNanosCompaction();

    /** {@link #getCpuNanos()} of calls made by read threads. */
    long getCpuNanosReads();

    /** {@link #getCpuNanos()} of calls made by memtable flush threads. */
    long getCpuNanosFlush();

    /** {@link #getCpuNanos()} of calls made by commit log and hints threads. */
    long getCpuNanosCommitLogAndHints();

    /** {@link #getCpuNanos()} of calls made by any other thread. */
    long getCpuNanosOther();

    /** Calls actually timed, which the CPU figures are scaled from. */
    long getTimedCalls();
}
