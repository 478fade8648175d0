package dev.deflateaccel.lab.levels;

import java.util.ArrayList;
import java.util.List;

import dev.deflateaccel.lab.AgentConfigFile;
import dev.deflateaccel.lab.EngineCheck;

/**
 * One row of the level table: stock DeflateCompressor (java.util.zip at level 6, no agent: the
 * baseline every size is compared with), or the agent routing everything to one engine at one
 * level. Each row runs in its own child JVM, since the agent and its levels belong to the JVM.
 */
public final class LevelConfig {
    public static final String STOCK = "stock";
    public static final String LIBDEFLATE = "libdeflate";
    public static final String IGZIP = "igzip";
    /** java.util.zip's level in stock DeflateCompressor; the baseline's level. */
    public static final int STOCK_LEVEL = 6;

    public final String engine;
    public final int level;

    public LevelConfig(String engine, int level) {
        this.engine = engine;
        this.level = level;
    }

    public static List<LevelConfig> all(List<Integer> libdeflateLevels, List<Integer> igzipLevels) {
        List<LevelConfig> all = new ArrayList<>();
        all.add(new LevelConfig(STOCK, STOCK_LEVEL));
        for (int l : libdeflateLevels) {
            all.add(new LevelConfig(LIBDEFLATE, l));
        }
        for (int l : igzipLevels) {
            all.add(new LevelConfig(IGZIP, l));
        }
        return all;
    }

    public boolean isStock() {
        return STOCK.equals(engine);
    }

    /** What the child's engine check must find serving the calls. */
    public String expectedEngine() {
        return isStock() ? EngineCheck.NONE : engine;
    }

    public String id() {
        return engine + "-L" + level;
    }

    public String label() {
        return isStock() ? "stock zlib 6 (java.util.zip)" : engine + " " + level;
    }

    /** The agent config routing every call to this engine at this level; null for stock. */
    public String agentConfig() {
        if (isStock()) {
            return null;
        }
        int libdeflateLevel = LIBDEFLATE.equals(engine) ? level : AgentConfigFile.LIBDEFLATE_LEVEL;
        int igzipLevel = IGZIP.equals(engine) ? level : AgentConfigFile.IGZIP_LEVEL;
        return AgentConfigFile.onlyEngine(engine, libdeflateLevel, igzipLevel, 0);
    }

    @Override
    public String toString() {
        return label();
    }
}
