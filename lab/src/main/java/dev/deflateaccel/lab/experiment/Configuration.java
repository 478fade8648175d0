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
    /** The agent config routing every call to this engine; null for stock. */
    public final String agentConfig;

    public Configuration(String engine, int level, int maxContexts, String id, String label) {
        this.engine = engine;
        this.level = level;
        this.maxContexts = maxContexts;
        this.id = id;
        this.label = label;
        this.agentConfig = STOCK.equals(engine) ? null : AgentConfigFile.onlyEngine(engine,
                "libdeflate".equals(engine) ? level : AgentConfigFile.LIBDEFLATE_LEVEL,
                "igzip".equals(engine) ? level : AgentConfigFile.IGZIP_LEVEL, maxContexts);
    }

    /** A configuration whose agent config is given as written (e.g. both engines' levels chosen). */
    public Configuration(String engine, String id, String label, String agentConfig) {
        this.engine = engine;
        this.level = 0;
        this.maxContexts = 0;
        this.id = id;
        this.label = label;
        this.agentConfig = agentConfig;
    }

    public boolean isStock() {
        return STOCK.equals(engine);
    }

    /** What the child's engine check must find serving the calls. */
    public String expectedEngine() {
        return isStock() ? EngineCheck.NONE : engine;
    }

    @Override
    public String toString() {
        return label;
    }
}
