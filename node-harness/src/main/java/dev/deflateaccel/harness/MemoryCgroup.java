package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Optional;

/**
 * A cgroup v1 memory controller group around one running process, as CASSANDRA-21134 puts its node
 * in a 12 GB cgroup with a 4 GB heap: the page cache the process may use is what the group's limit
 * leaves, so that a node's data can be made larger than its page cache on a machine with plenty of
 * memory. What the process held before it moved stays charged to the group it came from
 * (Linux 6.x no longer moves charges: memory.move_charge_at_immigrate refuses 1), so the limit
 * bounds what it takes after the move: page cache, and any memory it allocates from then on (a
 * JVM whose heap was touched at start, -XX:+AlwaysPreTouch, allocates little more). The host's
 * clean page cache is dropped after the move, so that the files the process reads next are
 * charged to the group instead of served from pages cached for someone else. Needs root and
 * cgroup v1's memory controller mounted writable.
 */
public final class MemoryCgroup implements AutoCloseable {

    static final Path ROOT = Paths.get("/sys/fs/cgroup/memory");
    private static final long MIB = 1024 * 1024;

    private final Path dir;
    /** The group the process came from, and where {@link #close()} puts what is left. */
    private final Path parent;

    private MemoryCgroup(Path parent, String name) {
        this.parent = parent;
        this.dir = parent.resolve(name);
    }

    /** Whether this host lets this user make such groups: root, with cgroup v1's memory controller mounted. */
    public static boolean available() {
        return Files.isWritable(ROOT) && Files.exists(ROOT.resolve("memory.limit_in_bytes"));
    }

    /**
     * Moves {@code pid} (every thread) into a new group {@code name}, a child of its own, that may hold
     * {@code mib} of page cache and new memory; then drops the host's clean page cache.
     */
    public static MemoryCgroup around(long pid, String name, long mib) {
        if (mib < 1) {
            throw new IllegalArgumentException("a memory cgroup's limit must be at least 1 MiB, not " + mib);
        }
        if (!available()) {
            throw new IllegalStateException("a memory cgroup needs root and cgroup v1's memory controller at " + ROOT
                    + " (not writable here)");
        }
        // A child of the process's own group, which therefore still counts it (a sandbox's, say).
        MemoryCgroup group = new MemoryCgroup(groupOf(pid).orElse(ROOT), name);
        // Outside the try: a group of that name that is already there is someone else's, not ours to remove.
        group.create();
        try {
            group.write("memory.limit_in_bytes", Long.toString(mib * MIB));
            group.write("cgroup.procs", Long.toString(pid));
            dropCleanPageCache();
            return group;
        } catch (RuntimeException e) {
            group.close();
            throw e;
        }
    }

    /** Writes back dirty pages, then drops every clean one in the host's page cache (drop_caches 1). */
    static void dropCleanPageCache() {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
            Files.writeString(Paths.get("/proc/sys/vm/drop_caches"), "1");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot drop the page cache (root needed)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public long limitBytes() {
        return Long.parseLong(read("memory.limit_in_bytes"));
    }

    /** The group's memory.stat: page cache ("cache"), "rss", "dirty", "writeback", in bytes. */
    public Map<String, Long> stat() {
        return NodeTimeline.keyValues(dir.resolve("memory.stat"), " ");
    }

    /**
     * The memory.stat of {@code pid}'s memory cgroup (the root's, which counts the whole host, when it
     * has none of its own); empty when it cannot be read (no cgroup v1, the process gone).
     */
    static Map<String, Long> statOf(long pid) {
        return groupOf(pid).map(g -> NodeTimeline.keyValues(g.resolve("memory.stat"), " ")).orElse(Map.of());
    }

    /** {@code pid}'s memory cgroup folder, from /proc/&lt;pid&gt;/cgroup; empty without cgroup v1 or the process. */
    static Optional<Path> groupOf(long pid) {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/" + pid + "/cgroup"))) {
                // "<id>:memory:/path"
                String[] parts = line.split(":", 3);
                if (parts.length == 3 && parts[1].equals("memory")) {
                    return Optional.of(ROOT.resolve(parts[2].substring(1)));
                }
            }
        } catch (IOException e) {
            // The process exited.
        }
        return Optional.empty();
    }

    /**
     * Moves what is left in the group back to the group it came from and removes it; quiet when already gone.
     * A process that has exited leaves nothing to move.
     */
    @Override
    public void close() {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try {
            for (String pid : read("cgroup.procs").split("\\s+")) {
                if (!pid.isEmpty()) {
                    Files.writeString(parent.resolve("cgroup.procs"), pid);
                }
            }
            Files.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the memory cgroup " + dir, e);
        }
    }

    @Override
    public String toString() {
        return dir.toString();
    }

    private void create() {
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the memory cgroup " + dir, e);
        }
    }

    private String read(String file) {
        try {
            return Files.readString(dir.resolve(file), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String file, String value) {
        try {
            Files.writeString(dir.resolve(file), value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + value + " to " + dir.resolve(file), e);
        }
    }
}
