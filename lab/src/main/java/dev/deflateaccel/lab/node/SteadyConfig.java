package dev.deflateaccel.lab.node;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.NodeSettings;

/**
 * The configurations the steady-load program compares, by the name used on
 * the command line: how the node starts (agent or not, which engine, a yaml variant) and which
 * compressor the table uses.
 */
final class SteadyConfig {

    /** igzip both ways, zlib as the only other engine: what an operator picks for compaction speed. */
    static final AgentConfig IGZIP = AgentConfig.allOff("igzip both directions, zlib fallback")
            .with(AgentConfig.USE_IGZIP_COMPRESS, "1").with(AgentConfig.USE_IGZIP_UNCOMPRESS, "1")
            .with(AgentConfig.USE_ZLIB_COMPRESS, "1").with(AgentConfig.USE_ZLIB_UNCOMPRESS, "1");

    /** igzip at level 3: igzip's best ratio, for operators who want Deflate's size at a lower CPU cost. */
    static final AgentConfig IGZIP3 = AgentConfig.allOff("igzip level 3 both directions, zlib fallback")
            .with(AgentConfig.USE_IGZIP_COMPRESS, "1").with(AgentConfig.USE_IGZIP_UNCOMPRESS, "1")
            .with(AgentConfig.IGZIP_COMPRESSION_LEVEL, "3")
            .with(AgentConfig.USE_ZLIB_COMPRESS, "1").with(AgentConfig.USE_ZLIB_UNCOMPRESS, "1");

    static final String DEFAULT_SET = "stock,libdeflate,igzip,lz4,zstd";
    /** The write-heavy ingest's set (issue 19 item 1). */
    static final String INGEST_SET = "stock,libdeflate,igzip,igzip3,lz4,zstd,igzip-flush-table";
    /** Reads during compaction (issue 19 item 2): item 1's set; nothing flushes there, so no flush variant. */
    static final String READS_SET = "stock,libdeflate,igzip,igzip3,lz4,zstd";
    /** The codec-share check (issue 43 item 4): Cassandra's own code timed by the agent, then the two CPU engines. */
    static final String CODEC_SHARE_SET = "cassandra,libdeflate,igzip";
    static final String FLUSH_SET = "stock,stock-flush-table,igzip,igzip-flush-table,libdeflate-flush-table";

    private static final Map<String, SteadyConfig> ALL = new LinkedHashMap<>();

    /**
     * The cassandra.yaml lines a configuration may add (key, value pairs), with the suffix it gives its
     * name: none; flushes compressed with the table's compressor instead of 5.0's LZ4 ("fast");
     * trickle_fsync, meant to make writers fsync every trickle_fsync_interval (10 MiB) so that a
     * compaction never leaves its whole output dirty (a trace on 5.0.9 found no such sync in a
     * compaction: docs/performance.md); 6.0's direct I/O for compaction's reads and background writes;
     * that and the compaction threads at nice 10, an agent key ({@value #AGENT_KEY} prefix: only for
     * configurations with the agent; stock's counterpart is "cassandra", the agent with every engine off);
     * direct I/O and trickle_fsync (does it reach 6.0's direct writer? Without it the compaction's output
     * waits for the next fsync anyone makes, and that flush stalls the disk: issue 37's trace); direct I/O
     * and the hints writer's sync every 2 s instead of 10 (that sync is the fsync that flushes the disk most
     * often during a compaction: more flushes, each carrying a fifth of the bytes); the agent's pacing of
     * compaction writes every 8 MiB (issue 57), and that with each range dropped from the page cache.
     */
    private static final String AGENT_KEY = "agent:";
    private static final String[][] VARIANTS = {{""}, {"-flush-table", "flush_compression", "table"},
            {"-trickle-fsync", "trickle_fsync", "true"}, {"-direct", "compaction_read_disk_access_mode", "direct",
            "background_write_disk_access_mode", "direct"}, {"-direct-nice", "compaction_read_disk_access_mode",
            "direct", "background_write_disk_access_mode", "direct", AGENT_KEY + "compaction_thread_nice", "10"},
            {"-direct-trickle", "compaction_read_disk_access_mode", "direct", "background_write_disk_access_mode",
            "direct", "trickle_fsync", "true"}, {"-direct-hints2s", "compaction_read_disk_access_mode", "direct",
            "background_write_disk_access_mode", "direct", "hints_flush_period", "2000ms"},
            {"-paced", AGENT_KEY + "compaction_writeback_mib", "8"},
            {"-paced-drop", AGENT_KEY + "compaction_writeback_mib", "8", AGENT_KEY + "compaction_writeback_drop_cache", "1"}};

    static {
        for (String[] v : VARIANTS) {
            if (!setsAgentKeys(v)) {
                add(new SteadyConfig("stock", "Deflate, stock", null, null, "DeflateCompressor", v));
            }
            add(new SteadyConfig("libdeflate", "Deflate + agent, libdeflate", AgentConfig.libdeflate(), "libdeflate",
                    "DeflateCompressor", v));
            add(new SteadyConfig("igzip", "Deflate + agent, igzip", IGZIP, "igzip", "DeflateCompressor", v));
            add(new SteadyConfig("igzip3", "Deflate + agent, igzip level 3", IGZIP3, "igzip", "DeflateCompressor", v));
        }
        for (String[] v : new String[][] {VARIANTS[0], VARIANTS[3], VARIANTS[4], VARIANTS[7], VARIANTS[8]}) {
            add(new SteadyConfig("cassandra", "Deflate + agent, every engine off (Cassandra's code, timed)",
                    AgentConfig.allOff("every engine off"), "cassandra", "DeflateCompressor", v));
        }
        add(new SteadyConfig("lz4", "LZ4, stock", null, null, "LZ4Compressor", VARIANTS[0]));
        add(new SteadyConfig("lz4", "LZ4, stock", null, null, "LZ4Compressor", VARIANTS[3]));
        add(new SteadyConfig("zstd", "Zstd, stock", null, null, "ZstdCompressor", VARIANTS[0]));
        // LZ4 with the agent for its pacing alone: no Deflate call to check, hence no engine.
        for (String[] v : new String[][] {VARIANTS[7], VARIANTS[8]}) {
            add(new SteadyConfig("lz4", "LZ4 + agent (pacing only)", AgentConfig.allOff("every engine off"), null,
                    "LZ4Compressor", v));
        }
    }

    final String name;
    /** The variant's suffix of the name ("" for none, "-direct"). */
    final String variant;
    final String label;
    /** Null: a node without the agent. */
    final AgentConfig agent;
    /** The engine the agent must have used both ways, or null without the agent. */
    final String engine;
    final String compressor;
    /** The cassandra.yaml lines the configuration adds. */
    final Map<String, String> yaml = new LinkedHashMap<>();

    private SteadyConfig(String name, String label, AgentConfig agent, String engine, String compressor,
            String[] variant) {
        this.name = name + variant[0];
        this.variant = variant[0];
        for (int i = 1; i < variant.length; i += 2) {
            if (variant[i].startsWith(AGENT_KEY)) {
                String key = variant[i].substring(AGENT_KEY.length());
                agent = agent.with(key, variant[i + 1]);
                label += ", agent " + key + " = " + variant[i + 1];
            } else {
                yaml.put(variant[i], variant[i + 1]);
                label += ", " + variant[i] + ": " + variant[i + 1];
            }
        }
        this.label = label;
        this.agent = agent;
        this.engine = engine;
        this.compressor = compressor;
    }

    private static boolean setsAgentKeys(String[] variant) {
        return Stream.of(variant).anyMatch(s -> s.startsWith(AGENT_KEY));
    }

    private static void add(SteadyConfig config) {
        ALL.put(config.name, config);
    }

    static List<String> names() {
        return new ArrayList<>(ALL.keySet());
    }

    /** "stock,igzip,lz4" to configurations, in that order; unknown names fail with the list of known ones. */
    static List<SteadyConfig> parse(String commaSeparated) {
        return Stream.of(commaSeparated.split(",")).map(name -> Optional.ofNullable(ALL.get(name.trim())).orElseThrow(() ->
                new IllegalArgumentException("unknown configuration " + name + "; known: " + String.join(",", names()))))
                .collect(Collectors.toList());
    }

    /**
     * Node settings on top of {@code base}: the agent line if any and the variant's yaml lines. The
     * compressor is not a node setting; it goes into the table's CQL.
     */
    NodeSettings settings(NodeSettings base) {
        NodeSettings s = agent == null ? base : base.plusAgent(agent);
        for (Map.Entry<String, String> e : yaml.entrySet()) {
            s = s.yaml(e.getKey(), e.getValue());
        }
        return s;
    }

    String compressionCql(int chunkKb) {
        return "'class': '" + compressor + "', 'chunk_length_in_kb': " + chunkKb;
    }
}
