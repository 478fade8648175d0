package dev.deflateaccel.bridge.stats;

/**
 * Which part of Cassandra a codec call came from, told by the name of the thread that made it.
 * Cassandra names its threads after their stage, and its shared-pool workers take the name of the
 * stage whose task they run ("ReadStage-3"), so the name at the time of the call says what the call
 * was for. Only sampled calls are classified: reading a thread's name allocates on Java 8.
 */
public enum CallerGroup {
    /** CompactionExecutor, ValidationExecutor (repair), secondary index and view builds, cleanups, scrubs. */
    COMPACTION("compaction", "Compaction"),
    /** ReadStage, and the native-transport threads that serve local reads in Cassandra 4.0 and later. */
    READS("reads", "Reads"),
    /** MemtableFlushWriter, PerDiskMemtableFlushWriter, MemtablePostFlush. */
    FLUSH("flush", "Flush"),
    /** The commit log's allocator and syncer threads (COMMIT-LOG-ALLOCATOR, PERIODIC-COMMIT-LOG-SYNCER), hints writes and dispatch. */
    COMMIT_LOG_AND_HINTS("commit log and hints", "CommitLogAndHints"),
    /** Everything else: streaming, the offline tools, a test. */
    OTHER("other", "Other");

    private final String label;
    private final String attribute;

    CallerGroup(String label, String attribute) {
        this.label = label;
        this.attribute = attribute;
    }

    /** As an operator reads it: "compaction", "commit log and hints". */
    public String label() {
        return label;
    }

    /** The suffix of its JMX attribute: CpuNanosCompaction. */
    public String attribute() {
        return attribute;
    }

    public static CallerGroup of(String threadName) {
        if (threadName == null) {
            return OTHER;
        }
        if (threadName.startsWith("CompactionExecutor") || threadName.startsWith("ValidationExecutor")
                || threadName.startsWith("SecondaryIndexManagement") || threadName.startsWith("ViewBuildExecutor")
                || threadName.startsWith("CacheCleanupExecutor") || threadName.startsWith("UnifiedCompaction")) {
            return COMPACTION;
        }
        if (threadName.startsWith("ReadStage") || threadName.startsWith("Native-Transport-Requests")
                || threadName.startsWith("ReadRepairStage")) {
            return READS;
        }
        if (threadName.startsWith("MemtableFlushWriter") || threadName.startsWith("PerDiskMemtableFlushWriter")
                || threadName.startsWith("MemtablePostFlush") || threadName.startsWith("MemtableReclaimMemory")) {
            return FLUSH;
        }
        if (threadName.contains("COMMIT-LOG") || threadName.startsWith("CommitLog")
                || threadName.startsWith("Hints")) {
            return COMMIT_LOG_AND_HINTS;
        }
        return OTHER;
    }
}
