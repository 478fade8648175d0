package dev.deflateaccel.agent.api;

import java.nio.channels.FileChannel;

/**
 * What {@link CurrentPacer} hands a flushed SequentialWriter to: the agent's pacing of
 * compaction writes, in the agent's own class loader. Only JDK types cross, as for
 * {@link DeflateRoute}. Never throws.
 */
public interface WritePacer {
    /** {@code writer} (a SequentialWriter) has just handed its buffer to {@code channel}, the file at {@code path}. */
    void flushed(Object writer, FileChannel channel, String path);
}
