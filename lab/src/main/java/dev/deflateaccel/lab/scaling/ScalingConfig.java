package dev.deflateaccel.lab.scaling;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.EngineCheck;

/**
 * One line of the scaling table: an engine at the agent's default context bound or at a given
 * bound; or stock DeflateCompressor (no agent, no pool), as the reference the busy calls fall
 * back to. Each runs in its own child JVM.
 */
public final class ScalingConfig {
    public static final String STOCK = "stock";

    public final String engine;
    /** 0: the agent's default bound; else max_native_contexts as written. Unused for stock. */
    public final int maxContexts;

    public ScalingConfig(String engine, int maxContexts) {
        this.engine = engine;
        this.maxContexts = maxContexts;
    }

    public boolean isStock() {
        return STOCK.equals(engine);
    }

    public String expectedEngine() {
        return isStock() ? EngineCheck.NONE : engine;
    }

    public String id() {
        return isStock() ? STOCK : engine + (maxContexts == 0 ? "-default-contexts" : "-contexts-" + maxContexts);
    }

    /** The label, given the bound the agent actually used (read back from the child). */
    public String label(int contextBound) {
        if (isStock()) {
            return "stock (java.util.zip, no pool)";
        }
        return engine + ", " + (maxContexts == 0 ? "default max_native_contexts (" + contextBound + ")"
                : "max_native_contexts " + contextBound);
    }

    /** Every call to this engine; the busy ones fall to Cassandra's own code, since no other engine is on. */
    public String agentConfig() {
        return isStock() ? null : AgentConfigFile.onlyEngine(engine, AgentConfigFile.LIBDEFLATE_LEVEL,
                AgentConfigFile.IGZIP_LEVEL, maxContexts);
    }
}
