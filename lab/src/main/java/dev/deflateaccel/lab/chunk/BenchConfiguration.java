package dev.deflateaccel.lab.chunk;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;

/**
 * One row of the comparison: which Cassandra compressor, with or without the agent, and which engine
 * must have served it. Each configuration runs in its own JMH forks so the agent (or its absence)
 * is fixed for the whole JVM, as it is in a Cassandra node.
 */
public enum BenchConfiguration {
    STOCK("DeflateCompressor, stock (java.util.zip, level 6)", CassandraCodecs.DEFLATE, EngineCheck.NONE),
    LIBDEFLATE("DeflateCompressor + agent: libdeflate L" + AgentConfigFile.LIBDEFLATE_LEVEL, CassandraCodecs.DEFLATE,
            "libdeflate"),
    IGZIP("DeflateCompressor + agent: igzip L" + AgentConfigFile.IGZIP_LEVEL, CassandraCodecs.DEFLATE, "igzip"),
    LZ4("LZ4Compressor (fast, direct buffers)", CassandraCodecs.LZ4, EngineCheck.NONE),
    ZSTD("ZstdCompressor (level 3, direct buffers)", CassandraCodecs.ZSTD, EngineCheck.NONE);

    public final String label;
    public final String codec;
    /** {@link EngineCheck#NONE}, or the agent engine that must serve every call; also the C reference it is compared with. */
    public final String expectedEngine;

    BenchConfiguration(String label, String codec, String expectedEngine) {
        this.label = label;
        this.codec = codec;
        this.expectedEngine = expectedEngine;
    }

    public static BenchConfiguration byId(String id) {
        for (BenchConfiguration c : values()) {
            if (c.id().equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown configuration '" + id + "' (stock, libdeflate, igzip, lz4, zstd)");
    }

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public boolean usesAgent() {
        return !EngineCheck.NONE.equals(expectedEngine);
    }

    /** The agent config file's text, or null for configurations without the agent. */
    public String agentConfig() {
        return usesAgent() ? AgentConfigFile.onlyEngine(expectedEngine) : null;
    }
}
