package dev.deflateaccel.bridge.files;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Paces the writeback of files written in long sequential runs, as RocksDB's
 * {@code bytes_per_sync} does: each time a writer has added {@code interval} bytes to its file,
 * the writeback of those bytes is started ({@code sync_file_range(WRITE)}), and the writer waits
 * for the range before them to reach the disk ({@code WAIT_BEFORE | WRITE | WAIT_AFTER}). So at
 * most about two ranges per writer are dirty at a time, instead of a whole compaction's output
 * piling up in the page cache and being written back at once at its end, when the reads that
 * meet it stall. Optionally the range just written back is dropped from the page cache
 * ({@code POSIX_FADV_DONTNEED}), as direct writes leave it.
 *
 * <p>Advice only: no byte, size or sync of the file changes, and every wait is made where it
 * cannot hide a write error from the writer's own fsync ({@link Writeback}); on a kernel where
 * it could (before Linux 4.13), writebacks are only started, never waited for. The writer's own
 * thread makes the calls, which is what paces it. The last partial range is left to the writer's
 * own sync at the end of the file. A writer first seen part-way through its file (pacing turned
 * on, or back on after a step-aside) is paced from there on; one whose file shrank (Cassandra
 * truncates after an aborted partition) starts again from the new end.
 *
 * <p>Never throws. A call that fails (or a file descriptor that cannot be had) is counted, said
 * once, and every writer is left alone until {@link #configure} is called again (a reload).
 */
public final class WritebackPacer {
    private final Writeback os;
    /** Whether waiting for a range is safe on this kernel ({@link Writeback#waitsKeepErrorsForOthers}). */
    private final boolean waits;
    private final Map<Object, Progress> writers = Collections.synchronizedMap(new WeakHashMap<>());
    private final AtomicLong bytesWrittenBack = new AtomicLong();
    private final AtomicLong writebackCalls = new AtomicLong();
    private final AtomicLong bytesDropped = new AtomicLong();
    private final AtomicLong waitNanos = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicBoolean steppedAside = new AtomicBoolean();
    private volatile long interval;
    private volatile boolean drop;
    private volatile Consumer<String> warn = s -> { };

    /** Where each writer is: written back from 0 to {@code waited}, started up to {@code started}. */
    private static final class Progress {
        final int fd;
        long started;
        long waited;

        /** Paced from {@code position} on: what was written before is left to the kernel and the writer's sync. */
        Progress(int fd, long position) {
            this.fd = fd;
            this.started = position;
            this.waited = position;
        }
    }

    /** On this JVM's kernel. */
    public WritebackPacer(Writeback os) {
        this(os, Writeback.waitsKeepErrorsForOthers(System.getProperty("os.version", "")));
    }

    /** {@code waits}: whether ranges may be waited for (and so dropped), or only started. */
    public WritebackPacer(Writeback os, boolean waits) {
        this.os = os;
        this.waits = waits;
    }

    /**
     * From now on: start a writeback each {@code intervalBytes} (0: pace nothing) and drop what
     * was written back from the page cache if {@code dropCache}. Clears a step-aside, so that a
     * reload retries what failed; writers already known keep their progress.
     */
    public void configure(long intervalBytes, boolean dropCache, Consumer<String> warnOnce) {
        warn = warnOnce;
        drop = dropCache;
        interval = intervalBytes;
        steppedAside.set(false);
        if (intervalBytes == 0) {
            writers.clear();
        }
    }

    /** Whether a call of {@link #written} can do anything: cheap, for the caller's hot path. */
    public boolean active() {
        return interval > 0 && !steppedAside.get();
    }

    /**
     * {@code writer}'s file now ends at {@code position} (bytes handed to the kernel so far).
     * {@code fd} is asked once per writer, while its file is open; below 0 means none.
     */
    public void written(Object writer, long position, IntSupplier fd) {
        long every = interval;
        if (every <= 0 || steppedAside.get()) {
            return;
        }
        Progress p = writers.get(writer);
        if (p == null) {
            int descriptor = fd.getAsInt();
            if (descriptor < 0) {
                stepAside("no file descriptor for a compaction's output file");
                return;
            }
            p = new Progress(descriptor, position);
            writers.put(writer, p);
            return;
        }
        if (position < p.started) {
            p.started = position;
            p.waited = Math.min(p.waited, position);
        }
        if (position - p.started < every) {
            return;
        }
        long begin = System.nanoTime();
        int error = os.startWriteback(p.fd, p.started, position - p.started);
        if (error == 0 && waits && p.started > p.waited) {
            boolean dropping = drop;
            error = os.awaitWriteback(p.fd, p.waited, p.started - p.waited, dropping);
            if (error == 0 && dropping) {
                bytesDropped.addAndGet(p.started - p.waited);
            }
        }
        waitNanos.addAndGet(System.nanoTime() - begin);
        if (error != 0) {
            stepAside("a writeback call (sync_file_range, posix_fadvise or the open of its own descriptor) failed with errno "
                    + error);
            return;
        }
        writebackCalls.incrementAndGet();
        bytesWrittenBack.addAndGet(position - p.started);
        p.waited = p.started;
        p.started = position;
    }

    /** Leaves every writer alone until the next {@link #configure}; said once. */
    public void stepAside(String why) {
        failures.incrementAndGet();
        if (steppedAside.compareAndSet(false, true)) {
            writers.clear();
            warn.accept("compaction writes are no longer paced: " + why
                    + "; Cassandra's own writes and syncs go on unchanged (a reload tries again)");
        }
    }

    public long intervalBytes() {
        return interval;
    }

    /** Bytes whose writeback was started, in ranges of at least the interval. */
    public long bytesWrittenBack() {
        return bytesWrittenBack.get();
    }

    /** Ranges started (each with a wait for the one before). */
    public long writebackCalls() {
        return writebackCalls.get();
    }

    public long bytesDropped() {
        return bytesDropped.get();
    }

    /** Milliseconds the writers spent in these calls, waiting for the disk included: what pacing costs them. */
    public long waitMillis() {
        return waitNanos.get() / 1_000_000;
    }

    public long failures() {
        return failures.get();
    }

    /** One line for status and the log. */
    public String describe() {
        long every = interval;
        String state = every == 0 ? "off"
                : "every " + (every >> 20) + " MiB" + (waits ? "" : ", started only (this kernel, before Linux 4.13,"
                  + " would hide a write error from Cassandra's fsync after a wait)")
                  + (drop && waits ? ", written-back pages dropped" : "")
                  + (steppedAside.get() ? ", STEPPED ASIDE after a failure" : "");
        return state + "; " + (bytesWrittenBack.get() >> 20) + " MiB written back early in " + writebackCalls.get()
                + " calls, " + (bytesDropped.get() >> 20) + " MiB dropped, " + (waitNanos.get() / 1_000_000) + " ms in the calls, "
                + failures.get() + " failures";
    }
}
