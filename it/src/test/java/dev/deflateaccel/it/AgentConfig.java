package dev.deflateaccel.it;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The agent's config file (zlib-accel format: {@code key = value}, {@code #} comments), as an
 * operator would write it. Values are kept as text so that deliberately bad values can be written.
 */
final class AgentConfig {

    static final String USE_LIBDEFLATE_COMPRESS = "use_libdeflate_compress";
    static final String USE_LIBDEFLATE_UNCOMPRESS = "use_libdeflate_uncompress";
    static final String USE_IGZIP_COMPRESS = "use_igzip_compress";
    static final String USE_IGZIP_UNCOMPRESS = "use_igzip_uncompress";
    static final String USE_ZLIB_COMPRESS = "use_zlib_compress";
    static final String USE_ZLIB_UNCOMPRESS = "use_zlib_uncompress";
    /** zlib-accel's accelerator keys; QAT is on by default there, so "all off" must say so. */
    static final String USE_QAT_COMPRESS = "use_qat_compress";
    static final String USE_QAT_UNCOMPRESS = "use_qat_uncompress";
    static final String USE_IAA_COMPRESS = "use_iaa_compress";
    static final String USE_IAA_UNCOMPRESS = "use_iaa_uncompress";
    static final String IGZIP_COMPRESSION_LEVEL = "igzip_compression_level";
    static final String LIBDEFLATE_COMPRESSION_LEVEL = "libdeflate_compression_level";
    static final String LIBDEFLATE_LIBRARY = "libdeflate_library";
    static final String IGZIP_LIBRARY = "igzip_library";
    static final String LOG_LEVEL = "log_level";
    static final String LOG_FILE = "log_file";

    private final String description;
    private final Map<String, String> values;

    private AgentConfig(String description, Map<String, String> values) {
        this.description = description;
        this.values = values;
    }

    /** Every engine switched off; callers switch on what a scenario needs. */
    static AgentConfig allOff(String description) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(USE_QAT_COMPRESS, "0");
        values.put(USE_QAT_UNCOMPRESS, "0");
        values.put(USE_IAA_COMPRESS, "0");
        values.put(USE_IAA_UNCOMPRESS, "0");
        values.put(USE_LIBDEFLATE_COMPRESS, "0");
        values.put(USE_LIBDEFLATE_UNCOMPRESS, "0");
        values.put(USE_IGZIP_COMPRESS, "0");
        values.put(USE_IGZIP_UNCOMPRESS, "0");
        values.put(USE_ZLIB_COMPRESS, "0");
        values.put(USE_ZLIB_UNCOMPRESS, "0");
        return new AgentConfig(description, values);
    }

    /** The CPU engine a stock x86 server would use: libdeflate both ways at Deflater's level. */
    static AgentConfig libdeflate() {
        return allOff("libdeflate both directions")
                .with(USE_LIBDEFLATE_COMPRESS, "1")
                .with(USE_LIBDEFLATE_UNCOMPRESS, "1")
                .with(LIBDEFLATE_COMPRESSION_LEVEL, "6");
    }

    AgentConfig with(String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(values);
        copy.put(key, value);
        return new AgentConfig(description, copy);
    }

    AgentConfig describedAs(String newDescription) {
        return new AgentConfig(newDescription, values);
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    String description() {
        return description;
    }

    String render() {
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
