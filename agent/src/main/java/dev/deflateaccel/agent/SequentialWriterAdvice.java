package dev.deflateaccel.agent;

import java.nio.channels.FileChannel;

import dev.deflateaccel.agent.api.CurrentPacer;
import net.bytebuddy.asm.Advice;

/**
 * Advice woven into Cassandra's {@code SequentialWriter.doFlush(int)}, the one method every
 * SSTable writer (compressed or not, 4.0 to 6.0) runs after it handed a full buffer to its file:
 * {@code flushData()}, Cassandra's trickle fsync, then {@code resetBuffer()}. On its normal
 * return only, it tells {@link CurrentPacer}; it reads two of the class's own fields and changes
 * nothing. {@code suppress = Throwable.class}: nothing of ours reaches Cassandra's write.
 */
final class SequentialWriterAdvice {
    private SequentialWriterAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object writer, @Advice.FieldValue("fchannel") FileChannel channel,
                     @Advice.FieldValue("filePath") String path) {
        CurrentPacer.flushed(writer, channel, path);
    }
}
