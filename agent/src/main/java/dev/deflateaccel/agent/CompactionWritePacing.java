package dev.deflateaccel.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.deflateaccel.agent.api.CurrentPacer;
import dev.deflateaccel.agent.api.WritePacer;
import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.files.Writeback;
import dev.deflateaccel.bridge.files.WritebackPacer;
import dev.deflateaccel.bridge.stats.CallerGroup;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * Pacing of compaction's writes on a node ({@code compaction_writeback_mib}): which of Cassandra's
 * flushed writers {@link WritebackPacer} paces, and the weaving of SequentialWriter that shows
 * them to it, done the first time pacing is on and undone by a detach.
 *
 * <p>Paced: an SSTable's {@code -Data.db}, written by a compaction-side thread
 * ({@link CallerGroup#COMPACTION}: compactions, cleanups, scrubs, upgrades, view and index
 * builds). Left alone: memtable flushes, streaming, every other component and file, and 6.0's
 * {@code DirectCompressedSequentialWriter} (background_write_disk_access_mode: direct), whose
 * writes bypass the page cache, so there is nothing to pace; the log says that once. The file
 * descriptor is Cassandra's own, from its {@code NativeLibrary.getfd(FileChannel)} (the same on
 * 4.0 to 6.0; -1 when it cannot tell), asked once per writer while it writes.
 */
final class CompactionWritePacing implements WritePacer {
    private static final String DIRECT_WRITER = "org.apache.cassandra.io.compress.DirectCompressedSequentialWriter";
    private static final String NATIVE_LIBRARY = "org.apache.cassandra.utils.NativeLibrary";

    /** A writer's file descriptor for the file at {@code path}, or -1. */
    interface Descriptors {
        int of(Object writer, FileChannel channel, String path);
    }

    private final Instrumentation inst;
    private final WritebackPacer pacer;
    private final Descriptors descriptors;
    private final AtomicBoolean directSaid = new AtomicBoolean();
    private ResettableClassFileTransformer transformer;
    private volatile AccelLog log;
    private volatile Method getfd;

    CompactionWritePacing(Instrumentation inst) {
        this(inst, new WritebackPacer(Writeback.Libc.INSTANCE), null);
    }

    /** {@code descriptors}: null for Cassandra's own NativeLibrary.getfd. */
    CompactionWritePacing(Instrumentation inst, WritebackPacer pacer, Descriptors descriptors) {
        this.inst = inst;
        this.pacer = pacer;
        this.descriptors = descriptors != null ? descriptors : this::cassandrasFd;
    }

    /**
     * At start and on every reload: the config's settings from now on; weaves SequentialWriter the
     * first time they pace. Never throws: what fails gives up pacing alone, with one log line.
     */
    synchronized void apply(AccelConfig config, AccelLog newLog) {
        log = newLog;
        long mib = config.value(ConfigKey.COMPACTION_WRITEBACK_MIB);
        boolean drop = config.enabled(ConfigKey.COMPACTION_WRITEBACK_DROP_CACHE);
        boolean wasOn = pacer.intervalBytes() > 0;
        try {
            String problem = mib > 0 ? Writeback.Libc.INSTANCE.problem() : null;
            if (problem != null) {
                giveUp(problem, newLog);
                return;
            }
            pacer.configure(mib << 20, drop, newLog::warn);
            if (mib > 0 && transformer == null) {
                CurrentPacer.set(this);
                transformer = SequentialWriterInstrumentation.install(inst, newLog);
            }
        } catch (RuntimeException | LinkageError e) {
            // The codec's weaving is done and stays; only pacing is given up, until a reload.
            giveUp("cannot weave " + SequentialWriterInstrumentation.TARGET + " (" + e + ")", newLog);
            return;
        }
        if (mib > 0 || wasOn) {
            newLog.info("compaction writes: " + pacer.describe());
        }
    }

    private void giveUp(String why, AccelLog newLog) {
        pacer.configure(0, false, newLog::warn);
        newLog.warn(why + "; compaction writes are not paced");
    }

    /** Detach: no more pacing, and SequentialWriter is Cassandra's own bytecode again. */
    synchronized String detach() {
        CurrentPacer.set(null);
        pacer.configure(0, false, s -> { });
        if (transformer == null) {
            return "";
        }
        try {
            transformer.reset(inst, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
            transformer = null;
            return "; SequentialWriter is Cassandra's own bytecode again";
        } catch (RuntimeException e) {
            return "; retransforming SequentialWriter back failed (" + e + "); its advice stays but paces nothing";
        }
    }

    WritebackPacer pacer() {
        return pacer;
    }

    @Override
    public void flushed(Object writer, FileChannel channel, String path) {
        try {
            if (!pacer.active() || path == null || !path.endsWith("-Data.db")
                    || CallerGroup.of(Thread.currentThread().getName()) != CallerGroup.COMPACTION) {
                return;
            }
            if (writer.getClass().getName().equals(DIRECT_WRITER)) {
                if (directSaid.compareAndSet(false, true)) {
                    // At every log level but 0: the operator asked for pacing, and here it has no effect.
                    log.notice("compaction writes: this node writes compaction output with direct I/O"
                            + " (background_write_disk_access_mode: direct), which leaves nothing to pace");
                }
                return;
            }
            pacer.written(writer, channel.position(), () -> descriptors.of(writer, channel, path));
        } catch (IOException | RuntimeException | LinkageError e) {
            pacer.stepAside(e.toString());
        }
    }

    private int cassandrasFd(Object writer, FileChannel channel, String path) {
        try {
            Method m = getfd;
            if (m == null) {
                Class<?> nativeLibrary = Class.forName(NATIVE_LIBRARY, true, writer.getClass().getClassLoader());
                m = nativeLibrary.getMethod("getfd", FileChannel.class);
                getfd = m;
            }
            return (Integer) m.invoke(null, channel);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return -1;
        }
    }
}
