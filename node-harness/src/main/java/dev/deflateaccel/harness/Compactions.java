package dev.deflateaccel.harness;

import java.time.Duration;
import java.util.regex.Pattern;

/** Waits for a node's compactions to settle, so that every configuration starts a measurement from the same state. */
public final class Compactions {

    private static final Pattern PENDING_NONE = Pattern.compile("(?m)^pending tasks:?\\s+0\\s*$");

    private Compactions() {
    }

    /** {@code nodetool compactionstats}: "pending tasks 0" and no active compaction of the keyspace listed. */
    public static void awaitNone(CassandraNode node, String keyspace, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String stats = node.nodetool().ok("compactionstats");
            if (PENDING_NONE.matcher(stats).find() && !stats.contains(keyspace)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("compactions still running after " + timeout.toSeconds() + " s");
            }
            Pause.millis(500);
        }
    }
}
