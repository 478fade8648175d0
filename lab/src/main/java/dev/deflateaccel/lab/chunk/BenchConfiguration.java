package dev.deflateaccel.lab.chunk;

import java.util.List;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;

/**
 * One row of the comparison: which Cassandra compressor, with or without the agent, and which engine
 * must have served it. Each configuration runs in its own JMH forks so the agent (or its absence)
 * is fixed for the whole JVM, as it is in a Cassandra node.
 */
public final class BenchConfiguration {
    public final String id;
    public final String label;
    public final String codec;
    /** {@link EngineCheck#NONE}, or the agent engine that must serve every call. */
    public final String expectedEngine;
    /** The C reference engine this row is compared with, or null. */
    public final String nativeEngine;

    private BenchConfiguration(String id, String label, String codec, String expectedEngine, String nativeEngine) {
        this.id = id;
        this.label = label;
        this.codec = codec;
        this.expectedEngine = expectedEngine;
        this.nativeEngine = nativeEngine;
    }

    public static final BenchConfiguration STOCK = new BenchConfiguration("stock",
            "DeflateCompressor, stock (java.util.zip, level 6)", CassandraCodecs.DEFLATE, EngineCheck.NONE, null);
    public static final BenchConfiguration LIBDEFLATE = new BenchConfiguration("libdeflate",
            "DeflateCompressor + agent: libdeflate L" + AgentConfigFile.LIBDEFLATE_LEVEL, CassandraCodecs.DEFLATE,
            "libdeflate", "libdeflate");
    public static final BenchConfiguration IGZIP = new BenchConfiguration("igzip",
            "DeflateCompressor + agent: igzip L" + AgentConfigFile.IGZIP_LEVEL, CassandraCodecs.DEFLATE,
            "igzip", "igzip");
    public static final BenchConfiguration LZ4 = new BenchConfiguration("lz4",
            "LZ4Compressor (fast, direct buffers)", CassandraCodecs.LZ4, EngineCheck.NONE, null);
    public static final BenchConfiguration ZSTD = new BenchConfiguration("zstd",
            "ZstdCompressor (level 3, direct buffers)", CassandraCodecs.ZSTD, EngineCheck.NONE, null);

    public static List<BenchConfiguration> all() {
        return List.of(STOCK, LIBDEFLATE, IGZIP, LZ4, ZSTD);
    }

    public static BenchConfiguration byId(String id) {
        for (BenchConfiguration c : all()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown configuration '" + id + "' (stock, libdeflate, igzip, lz4, zstd)");
    }

    public boolean usesAgent() {
        return !EngineCheck.NONE.equals(expectedEngine);
    }

    /** The agent config file's text, or null for configurations without the agent. */
    public String agentConfig() {
        return usesAgent() ? AgentConfigFile.onlyEngine(expectedEngine) : null;
    }
}
