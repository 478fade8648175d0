package dev.deflateaccel.lab;

/**
 * The agent configuration that sends every DeflateCompressor call to exactly one engine. All other
 * engines are switched off, zlib included, so a failing engine cannot be quietly replaced by another
 * one (the engine check would catch it, but the config should not invite it).
 */
public final class AgentConfigFile {
    public static final int LIBDEFLATE_LEVEL = 6;
    public static final int IGZIP_LEVEL = 1;
    /**
     * The engines of the bridge's EngineRegistry, by name. Copied rather than read: this runs in
     * the runner process, which must not have the bridge on its class path (its JMH forks inherit
     * that class path, and a fork gets the bridge only through -javaagent, as a node does).
     * AgentConfigFileTest checks this list and the key pattern against the registry.
     */
    static final String[] ENGINES = {"qat", "iaa", "igzip", "libdeflate", "zlib"};

    private AgentConfigFile() {
    }

    public static String onlyEngine(String engine) {
        return onlyEngine(engine, LIBDEFLATE_LEVEL, IGZIP_LEVEL, 0);
    }

    /**
     * The same, at chosen levels, for the level table; {@code maxNativeContexts} 0 leaves the
     * agent's default (64), any other value is written out,
     * for the thread-scaling benchmark.
     */
    public static String onlyEngine(String engine, int libdeflateLevel, int igzipLevel, int maxNativeContexts) {
        StringBuilder text = new StringBuilder("# written by the deflate-accel chunk benchmark: route everything to ")
                .append(engine).append('\n');
        for (String candidate : ENGINES) {
            int on = candidate.equals(engine) ? 1 : 0;
            text.append("use_").append(candidate).append("_compress = ").append(on).append('\n');
            text.append("use_").append(candidate).append("_uncompress = ").append(on).append('\n');
        }
        text.append("libdeflate_compression_level = ").append(libdeflateLevel).append('\n');
        text.append("igzip_compression_level = ").append(igzipLevel).append('\n');
        if (maxNativeContexts > 0) {
            text.append("max_native_contexts = ").append(maxNativeContexts).append('\n');
        }
        text.append("log_level = 1\n");
        return text.toString();
    }
}
