package dev.deflateaccel.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node's CPU split by what its threads do, from /proc/&lt;pid&gt;/task/&lt;tid&gt;/stat. It
 * shows where a codec can save CPU at all: compaction and flush threads spend most of theirs in
 * the compressor, while the request threads mostly parse CQL, merge and serialize rows. The
 * thread's name is the kernel's comm, Cassandra's thread name cut to 15 characters.
 */
public final class ThreadGroupCpu {

    /**
     * The groups in report order; "other" is everything else, exited threads included. The request
     * threads (CQL, read and mutation stages) are one group: which of them runs a request's work
     * changed from run to run (ReadStage alone took 4 to 173 us/op across three runs of one
     * configuration, node-results/20261130-161244-steady.md), while their sum is steady. Those stages
     * run on Cassandra's shared pool, whose workers can carry the pool's name instead of the stage's
     * (in one look at a 6.0 node under load, 2026-12-06, all 140 of them were "SharedPool-Worker-N"),
     * so a worker under its pool name is a request thread too; before that, a 6.0 node's request CPU
     * fell under "other".
     */
    public static final List<String> GROUPS = List.of("compaction", "flush", "request", "gc", "jit", "other");

    /** The groups as a report's "How measured" says them. */
    public static final String HOW_SPLIT = "\"of which ... threads\": the same CPU split by thread name (/proc/<pid>/task/*/stat):"
            + " compaction = CompactionExecutor, flush = the memtable flush writers, request = Native-Transport-Requests"
            + " (CQL), ReadStage and MutationStage, and the shared pool's workers that run them (SharedPool-Worker),"
            + " gc = G1's threads, jit = the compilers, other = the rest, including threads that exited in the window.";

    /** CPU ticks per live thread at one instant: tid to its group and ticks. */
    public static final class Snapshot {
        private final Map<String, String> groupByTid = new HashMap<>();
        private final Map<String, Long> ticksByTid = new HashMap<>();
        private final double processSeconds;

        private Snapshot(double processSeconds) {
            this.processSeconds = processSeconds;
        }

        /** The whole process's CPU seconds from this snapshot to a later one. */
        public double processSecondsUntil(Snapshot later) {
            return later.processSeconds - processSeconds;
        }
    }

    private ThreadGroupCpu() {
    }

    public static Snapshot take(long pid) {
        Snapshot s = new Snapshot(ProcessCpu.seconds(pid));
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Paths.get("/proc/" + pid + "/task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = new String(Files.readAllBytes(task.resolve("stat")), StandardCharsets.US_ASCII);
                } catch (IOException threadExited) {
                    continue;
                }
                String tid = task.getFileName().toString();
                s.groupByTid.put(tid, group(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'))));
                s.ticksByTid.put(tid, ProcessCpu.ticks(stat));
            }
        } catch (IOException e) {
            // No per-thread split then; the process total still stands (all of it under "other").
        }
        return s;
    }

    /**
     * CPU seconds per group between two snapshots. A thread born in between counts from zero; what
     * threads that exited in between used is in the process total, so it lands in "other".
     */
    public static Map<String, Double> secondsBetween(Snapshot before, Snapshot after) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        GROUPS.forEach(g -> seconds.put(g, 0.0));
        double grouped = 0;
        for (Map.Entry<String, Long> e : after.ticksByTid.entrySet()) {
            String group = after.groupByTid.get(e.getKey());
            if (group.equals("other")) {
                continue;
            }
            double s = (e.getValue() - before.ticksByTid.getOrDefault(e.getKey(), 0L)) / ProcessCpu.CLOCK_TICKS_PER_SECOND;
            seconds.merge(group, s, Double::sum);
            grouped += s;
        }
        seconds.put("other", Math.max(0, before.processSecondsUntil(after) - grouped));
        return seconds;
    }

    /** Cassandra 5.0/6.0 thread names (as cut by the kernel) to groups. */
    public static String group(String comm) {
        if (comm.startsWith("CompactionExec")) {
            return "compaction";
        }
        if (comm.contains("MemtableFlush") || comm.startsWith("PerDiskMemtable") || comm.startsWith("MemtablePostFlu")) {
            return "flush";
        }
        if (comm.startsWith("ReadStage") || comm.startsWith("MutationStage") || comm.startsWith("Native-Transpor")
                || comm.startsWith("SharedPool-Work")) {
            return "request";
        }
        if (comm.startsWith("GC Thread") || comm.startsWith("G1 ")) {
            return "gc";
        }
        if (comm.contains("CompilerThre")) {
            return "jit";
        }
        return "other";
    }
}
