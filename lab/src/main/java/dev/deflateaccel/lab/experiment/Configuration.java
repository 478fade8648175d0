package dev.deflateaccel.lab.experiment;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.EngineCheck;

/**
 * One configuration of an experiment: a child JVM with the agent routed to one engine (at one
 * level, with one context bound), or a stock JVM without the agent. The agent belongs to a whole
 * JVM, as in a Cassandra node, so every configuration gets its own child.
 */
public final class Configuration {
    public static final String STOCK = "stock";

    public final String engine;
    public final int level;
    /** 0: the agent's default bound; else max_native_contexts as written. */
    public final int maxContexts;
    public final String id;
    public final String label;

    public Configuration(String engine, int level, int maxContexts, String id, String label) {
        this.engine = engine;
        this.level = level;
        this.maxContexts = maxContexts;
        this.id = id;
        this.label = label;
    }

    public boolean isStock() {
        return STOCK.equals(engine);
    }

    /** What the child's engine check must find serving the calls. */
    public String expectedEngine() {
        return isStock() ? EngineCheck.NONE : engine;
    }

    /** The agent config routing every call to this engine at this level; null for stock. */
    public String agentConfig() {
        if (isStock()) {
            return null;
        }
        int libdeflateLevel = "libdeflate".equals(engine) ? level : AgentConfigFile.LIBDEFLATE_LEVEL;
        int igzipLevel = "igzip".equals(engine) ? level : AgentConfigFile.IGZIP_LEVEL;
        return AgentConfigFile.onlyEngine(engine, libdeflateLevel, igzipLevel, maxContexts);
    }

    @Override
    public String toString() {
        return label;
    }
}
