package dev.deflateaccel.agent.api;

import java.nio.channels.FileChannel;

/**
 * The static method the advice woven into Cassandra's SequentialWriter.doFlush calls, on the
 * system class path so that Cassandra's class loader resolves it, as {@link CurrentRoute} is for
 * DeflateCompressor. With no pacer set (pacing never turned on, or the agent detached) it returns
 * at once: one volatile read per buffer written.
 */
public final class CurrentPacer {
    private static volatile WritePacer pacer;

    private CurrentPacer() {
    }

    public static void set(WritePacer p) {
        pacer = p;
    }

    public static void flushed(Object writer, FileChannel channel, String path) {
        WritePacer p = pacer;
        if (p != null) {
            p.flushed(writer, channel, path);
        }
    }
}
