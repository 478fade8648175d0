package dev.deflateaccel.lab.levels;

import java.util.Map;
import java.util.TreeMap;

/** What one configuration's child produced: a result per chunk size and its engine check, or why not. */
public final class LevelOutcome {
    public final LevelConfig config;
    public final Map<Integer, LevelResult> byChunk = new TreeMap<>();
    public String check = "";
    /** Set when the child failed; its numbers, if any, are not reported. */
    public String failure;
    public String agentConfig;

    LevelOutcome(LevelConfig config) {
        this.config = config;
    }

    public boolean usable() {
        return failure == null;
    }
}
