package dev.deflateaccel.bridge.threads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * Runs Cassandra's compaction threads at a lower CPU priority, a higher Linux nice value, when the
 * config's {@code compaction_thread_nice} asks for it (0, the default, leaves every thread alone).
 *
 * <p>Why: on a host with few cores a fast engine's compaction runs several times as fast as
 * stock's and takes CPU that reads need while it runs (docs/performance.md, reads during
 * compaction). Cassandra meant its compaction threads to run below the request threads: 4.0 gives
 * them {@code Thread.MIN_PRIORITY}, which its jvm8-server.options
 * ({@code -XX:ThreadPriorityPolicy=42}) makes Java 8 apply as nice 4; Java 11 and later ignore
 * thread priorities by default, and from 5.0 compaction threads have the normal priority.
 *
 * <p>Applied by the thread itself, on its sampled codec calls ({@code CodecClock}): a compaction
 * thread (by its name, {@code CallerGroup.COMPACTION}) that compresses or decompresses Deflate
 * chunks is set within its first 32 calls. On Linux a nice value belongs to one thread
 * ({@code setpriority(PRIO_PROCESS, 0, n)} sets the caller's), so no other thread changes.
 * Going back down (a lower value on reload, or 0 on detach) is done for every thread set, by its
 * id; an unprivileged process may not lower a nice value (it needs CAP_SYS_NICE or RLIMIT_NICE),
 * so there the threads keep theirs until they end, and the log says so once.
 */
public final class CompactionThreadNice {
    private static final int PRIO_PROCESS = 0;
    private static volatile int wanted;
    /** Where a refusal is said, once: the agent's log. */
    private static volatile Consumer<String> warn;
    /** The nice value this thread has from us; null: never set. */
    private static final ThreadLocal<Integer> APPLIED = new ThreadLocal<>();
    /** Thread id to the nice value we gave it, for going back down. */
    private static final Map<Integer, Integer> SET = new ConcurrentHashMap<>();
    private static final AtomicBoolean PROBLEM_LOGGED = new AtomicBoolean();

    private CompactionThreadNice() {
    }

    /** libc's setpriority, bound on first use. */
    private static final class LibC {
        static final boolean BOUND = bind();

        static native int setpriority(int which, int who, int prio);

        private static boolean bind() {
            try {
                Native.register(LibC.class, NativeLibrary.getInstance("c"));
                return true;
            } catch (LinkageError | RuntimeException e) {
                return false;
            }
        }
    }

    /**
     * The nice value compaction threads get from now on (the bridge that takes the calls was
     * installed; 0 on detach). Threads set higher before are brought down to it now; threads set
     * lower are raised on their next sampled call.
     */
    public static synchronized void configure(int nice, Consumer<String> warnOnce) {
        warn = warnOnce;
        wanted = nice;
        for (Map.Entry<Integer, Integer> e : SET.entrySet()) {
            if (e.getValue() > nice) {
                int tid = e.getKey();
                // Only a thread still of this process, and still at the value we gave it.
                if (niceOf(tid) == e.getValue() && !setpriority(tid, nice)) {
                    problem("could not lower compaction thread " + tid + " from nice " + e.getValue() + " to " + nice
                            + " (lowering a nice value needs CAP_SYS_NICE); it keeps it until it ends");
                }
                SET.remove(tid);
            }
        }
    }

    /** A sampled codec call on this thread: a compaction thread gets the wanted nice value if it has not yet. */
    public static void onSampledCall(boolean compactionThread) {
        if (!compactionThread) {
            return;
        }
        int w = wanted;
        Integer applied = APPLIED.get();
        if (applied == null ? w == 0 : applied == w) {
            return;
        }
        APPLIED.set(w); // also on failure: tried once per value, never on every call
        if (!setpriority(0, w)) {
            problem("could not set compaction thread " + Thread.currentThread().getName() + " to nice " + w
                    + "; compaction keeps its CPU priority");
            return;
        }
        int tid = currentThreadId();
        if (tid <= 0) {
            return; // set, but cannot be brought back down by id
        }
        if (w == 0) {
            SET.remove(tid);
        } else {
            SET.put(tid, w);
            forgetEndedThreads();
        }
    }

    /**
     * Repair's validation threads and other compaction-side pools come and go: a thread that has
     * ended is no longer remembered, so that what is kept stays as many as the threads alive. Runs
     * when a thread is set, not on every call.
     */
    private static void forgetEndedThreads() {
        SET.keySet().removeIf(tid -> !Files.exists(Paths.get("/proc/self/task/" + tid)));
    }

    /** Whether the thread {@code tid} is remembered as set by us (tests). */
    static boolean remembers(int tid) {
        return SET.containsKey(tid);
    }

    /** The thread's nice value, or Integer.MIN_VALUE if it is not a thread of this process (tests). */
    static int niceOf(int tid) {
        try {
            String stat = new String(Files.readAllBytes(Paths.get("/proc/self/task/" + tid + "/stat")),
                    StandardCharsets.US_ASCII);
            // After the ")" that closes the name (which may hold spaces): state is field 3, nice field 19.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Integer.parseInt(f[19 - 3]);
        } catch (IOException | RuntimeException e) {
            return Integer.MIN_VALUE;
        }
    }

    /** This thread's kernel id, from /proc/thread-self ("pid/task/tid"); 0 if unknown. */
    static int currentThreadId() {
        try {
            Path self = Files.readSymbolicLink(Paths.get("/proc/thread-self"));
            return Integer.parseInt(self.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * setpriority for a thread id (0: the calling thread); false if libc refused or is not bound.
     * Never throws: it runs on Cassandra's codec calls (LinkageError: a failed binding, whatever its kind).
     */
    private static boolean setpriority(int tid, int nice) {
        try {
            return LibC.BOUND && LibC.setpriority(PRIO_PROCESS, tid, nice) == 0;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    private static void problem(String message) {
        Consumer<String> w = warn;
        if (w != null && PROBLEM_LOGGED.compareAndSet(false, true)) {
            w.accept(message + " (said once)");
        }
    }
}
