package dev.deflateaccel.lab.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The disk's cache flushes, from {@code perf script -F comm,tid,time,event,trace} of a recording of
 * block:block_rq_issue (flush, discard and write requests), block:block_rq_complete (flushes and
 * discards) and the sync system calls' entries, all machine-wide, with {@code perf record -k mono}.
 * A flush lasts from its issue to the next flush completion (the block layer merges flushes that
 * wait together, so one completion can end several); it was asked for by the last sync call within
 * {@value #TRIGGER_WINDOW_MS} ms before it (fsync, fdatasync, msync, sync_file_range: the thread's
 * name as the kernel keeps it, 15 characters), else by the task that issued it (ext4's journal
 * thread, a kernel worker). Bytes: what was written to the disk between the previous flush's issue
 * and this one's, what the disk had to make durable.
 */
final class DeviceFlushes {
    static final long TRIGGER_WINDOW_MS = 50;
    private static final Pattern LINE = Pattern.compile(
            "^\\s*(.+?)\\s+(\\d+)\\s+(\\d+\\.\\d+):\\s+(\\S+):\\s+(.*)$");
    private static final Pattern REQUEST = Pattern.compile("^\\d+,\\d+\\s+(\\S+)\\s+(\\d+)?.*");

    /** One flush of the disk's write cache. */
    static final class Flush {
        final Instant issued;
        Instant completed;
        final String askedBy;
        final long bytesSincePrevious;

        Flush(Instant issued, String askedBy, long bytesSincePrevious) {
            this.issued = issued;
            this.askedBy = askedBy;
            this.bytesSincePrevious = bytesSincePrevious;
        }

        double millis() {
            return completed == null ? Double.NaN : java.time.Duration.between(issued, completed).toNanos() / 1e6;
        }
    }

    private DeviceFlushes() {
    }

    /** A request that only flushes (rwbs FF), not a write that also flushes before or after itself. */
    private static boolean isFlush(String rwbs) {
        return rwbs.contains("F") && !rwbs.contains("W");
    }

    /** The flushes in the perf script output, on the wall clock (mono + realtimeMinusMonoMs). */
    static List<Flush> read(Path perfScript, double realtimeMinusMonoMs) throws IOException {
        List<Flush> flushes = new ArrayList<>();
        Deque<Flush> pending = new ArrayDeque<>();
        long written = 0;
        Instant lastSyncAt = null;
        String lastSyncBy = null;
        for (String line : Files.readAllLines(perfScript)) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String comm = m.group(1).trim();
            Instant at = Instant.ofEpochMilli(0).plusNanos(
                    Math.round((Double.parseDouble(m.group(3)) * 1e3 + realtimeMinusMonoMs) * 1e6));
            String event = m.group(4);
            if (event.startsWith("syscalls:sys_enter_")) {
                lastSyncAt = at;
                lastSyncBy = comm + " (" + event.substring("syscalls:sys_enter_".length()) + ")";
                continue;
            }
            Matcher r = REQUEST.matcher(m.group(5));
            if (!r.matches()) {
                continue;
            }
            String rwbs = r.group(1);
            if (event.equals("block:block_rq_issue")) {
                if (isFlush(rwbs)) {
                    boolean asked = lastSyncAt != null && at.toEpochMilli() - lastSyncAt.toEpochMilli() <= TRIGGER_WINDOW_MS;
                    Flush f = new Flush(at, asked ? lastSyncBy : comm, written);
                    flushes.add(f);
                    pending.add(f);
                    written = 0;
                } else if (rwbs.contains("W") && r.group(2) != null) {
                    written += Long.parseLong(r.group(2));
                }
            } else if (event.equals("block:block_rq_complete") && isFlush(rwbs)) {
                // The block layer merges flushes that wait together into one: one completion ends them all.
                while (!pending.isEmpty()) {
                    pending.poll().completed = at;
                }
            }
        }
        return flushes;
    }
}
