package dev.deflateaccel.harness;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.ConfigKey;

/**
 * The agent's config file (zlib-accel format: {@code key = value}, {@code #} comments), as an
 * operator would write it. Values are kept as text so that deliberately bad values can be written.
 */
public final class AgentConfig {

    public static final String USE_LIBDEFLATE_COMPRESS = EngineRegistry.LIBDEFLATE.compressKey().key();
    public static final String USE_LIBDEFLATE_UNCOMPRESS = EngineRegistry.LIBDEFLATE.decompressKey().key();
    public static final String USE_IGZIP_COMPRESS = EngineRegistry.IGZIP.compressKey().key();
    public static final String USE_IGZIP_UNCOMPRESS = EngineRegistry.IGZIP.decompressKey().key();
    public static final String USE_ZLIB_COMPRESS = EngineRegistry.ZLIB.compressKey().key();
    public static final String USE_ZLIB_UNCOMPRESS = EngineRegistry.ZLIB.decompressKey().key();
    // zlib-accel's accelerator keys: QAT is on by default there, so "all off" must say so.
    public static final String USE_QAT_COMPRESS = EngineRegistry.QAT.compressKey().key();
    public static final String USE_QAT_UNCOMPRESS = EngineRegistry.QAT.decompressKey().key();
    public static final String USE_IAA_COMPRESS = EngineRegistry.IAA.compressKey().key();
    public static final String USE_IAA_UNCOMPRESS = EngineRegistry.IAA.decompressKey().key();
    public static final String IGZIP_COMPRESSION_LEVEL = EngineRegistry.IGZIP.levelKey().key();
    public static final String LIBDEFLATE_COMPRESSION_LEVEL = EngineRegistry.LIBDEFLATE.levelKey().key();
    public static final String LIBDEFLATE_LIBRARY = EngineRegistry.LIBDEFLATE.libraryKey().key();
    public static final String IGZIP_LIBRARY = EngineRegistry.IGZIP.libraryKey().key();
    public static final String LOG_LEVEL = ConfigKey.LOG_LEVEL.key();
    public static final String LOG_FILE = ConfigKey.LOG_FILE.key();

    private final String description;
    private final Map<String, String> values;

    private AgentConfig(String description, Map<String, String> values) {
        this.description = description;
        this.values = values;
    }

    /**
     * Every engine switched off; callers switch on what a scenario needs. The periodic codec CPU
     * line is off too: node tests assert that a clean config logs nothing, whatever their length.
     */
    public static AgentConfig allOff(String description) {
        Map<String, String> values = new LinkedHashMap<>();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            values.put(d.compressKey().key(), "0");
            values.put(d.decompressKey().key(), "0");
        }
        values.put(ConfigKey.LOG_CODEC_CPU_MINUTES.key(), "0");
        return new AgentConfig(description, values);
    }

    /** The CPU engine a stock x86 server would use: libdeflate both ways at Deflater's level. */
    public static AgentConfig libdeflate() {
        return allOff("libdeflate both directions")
                .with(USE_LIBDEFLATE_COMPRESS, "1")
                .with(USE_LIBDEFLATE_UNCOMPRESS, "1")
                .with(LIBDEFLATE_COMPRESSION_LEVEL, "6");
    }

    public AgentConfig with(String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(values);
        copy.put(key, value);
        return new AgentConfig(description, copy);
    }

    public AgentConfig describedAs(String newDescription) {
        return new AgentConfig(newDescription, values);
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public String description() {
        return description;
    }

    public String render() {
        StringBuilder text = new StringBuilder();
        text.append("# deflate-accel agent configuration written by the integration-test harness\n");
        text.append("# ").append(description).append('\n');
        values.forEach((key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        return text.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AgentConfig && ((AgentConfig) o).values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return description;
    }
}
