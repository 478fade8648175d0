package dev.deflateaccel.lab.scaling;

import java.util.LinkedHashMap;
import java.util.Map;

/** What one configuration's child produced, or why it has nothing. */
public final class ScalingOutcome {
    public final ScalingConfig config;
    /** direction -> threads -> point, in the order measured. */
    public final Map<String, Map<Integer, ScalingPoint>> points = new LinkedHashMap<>();
    public int contextBound;
    public String failure;
    public String agentConfig;

    ScalingOutcome(ScalingConfig config) {
        this.config = config;
    }

    ScalingPoint point(int threads, String direction, int chunkBytes) {
        return points.computeIfAbsent(direction, d -> new LinkedHashMap<>())
                .computeIfAbsent(threads, t -> new ScalingPoint(t, direction, chunkBytes));
    }

    public String label() {
        return config.label(contextBound);
    }

    public boolean usable() {
        return failure == null;
    }
}
