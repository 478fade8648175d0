package dev.deflateaccel.agent;

/**
 * {@code dev.deflateaccel:type=Agent}: the agent's state on a running node and the operator's
 * two actions. Reachable through the node's JMX like nodetool's operations, so under
 * Cassandra's JMX authentication and authorization.
 */
public interface AgentControlMBean {
    /** The config file the agent reads (and watches). */
    String getConfigPath();

    /** 1 for the config read at start or attach, +1 for every edit applied since. */
    long getGeneration();

    /** When the config in effect was applied (ISO-8601). */
    String getLastReloadTime();

    /** Why the last edit was refused (one problem per line), or "" when it was applied. */
    String getLastReloadError();

    /** The agent's version (its jar's Implementation-Version). */
    String getVersion();

    /** When this agent started in the JVM: premain or attach (ISO-8601). */
    String getAttachedSince();

    /** The engines in use per direction, in routing order. */
    String getEngines();

    /**
     * The codec's share of this process's CPU, over the last minute and since start, by direction,
     * caller group and engine: the line status prints (CodecCpuShare).
     */
    String getCodecCpu();

    /** Percent of the process's CPU the codec took over the last minute (NaN when not known). */
    double getCodecCpuPercentLastMinute();

    /** Percent of the process's CPU the codec took since the agent started. */
    double getCodecCpuPercentSinceStart();

    /** Of {@link #getCodecCpuPercentLastMinute()}: compressions. */
    double getCompressCpuPercentLastMinute();

    /** Of {@link #getCodecCpuPercentLastMinute()}: decompressions. */
    double getDecompressCpuPercentLastMinute();

    /** Of {@link #getCodecCpuPercentLastMinute()}: calls from compaction threads. */
    double getCompactionCodecCpuPercentLastMinute();

    /** Of {@link #getCodecCpuPercentLastMinute()}: calls from read threads. */
    double getReadsCodecCpuPercentLastMinute();

    /** Of {@link #getCodecCpuPercentLastMinute()}: calls from memtable flush threads. */
    double getFlushCodecCpuPercentLastMinute();

    /** Of {@link #getCodecCpuPercentLastMinute()}: calls from commit log and hints threads. */
    double getCommitLogAndHintsCodecCpuPercentLastMinute();

    /** Of {@link #getCodecCpuPercentLastMinute()}: calls from any other thread. */
    double getOtherCodecCpuPercentLastMinute();

    /**
     * Of {@link #getCodecCpuPercentLastMinute()}, by the engine that served the calls, for tools:
     * {@code engine=percent} pairs joined by commas, e.g. {@code cassandra=4.512,zlib=0.031}
     * ({@code cassandra}: Cassandra's own code); empty when no call was timed. advise reads it to
     * tell which engine's speed the node's shares were measured with.
     */
    String getCodecCpuByEngineLastMinute();

    /**
     * The level each engine that has levels compresses at now, for tools: {@code engine=level}
     * pairs joined by commas, e.g. {@code qat=1,igzip=1,libdeflate=6}; empty when detached. advise
     * reads it to tell which of its rows the node's shares were measured with when an engine serves.
     */
    String getCompressionLevels();

    /** compaction_writeback_mib at work: the setting and what it did since the agent started ({@code WritebackPacer}). */
    String getCompactionWriteback();

    /** Bytes of compactions' Data.db files whose writeback the agent started early. */
    long getCompactionWritebackBytes();

    /** Ranges started early, each with a wait for the one before. */
    long getCompactionWritebackCalls();

    /** Bytes dropped from the page cache after their writeback (compaction_writeback_drop_cache). */
    long getCompactionWritebackDroppedBytes();

    /** Milliseconds compaction threads spent in those calls, waiting for the disk included. */
    long getCompactionWritebackMillis();

    /** Calls that failed, or writers with no file descriptor: each makes pacing step aside until a reload. */
    long getCompactionWritebackFailures();

    /** Reads the config file now (two reads a second apart) and applies it; returns the outcome. */
    String reloadConfig();

    /** Puts DeflateCompressor back to Cassandra's bytecode, closes the engines, unregisters the MBeans. */
    String detach();
}
