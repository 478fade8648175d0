package dev.deflateaccel.lab.efficiency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one efficiency run measured and checked, for the report. */
public final class EfficiencyResults {
    /** engine + " " + direction -> the repetitions in order. */
    public final Map<String, List<RepetitionSample>> samples = new LinkedHashMap<>();
    public final List<String> repetitionLoad = new ArrayList<>();
    public final Map<String, String> agentRatio = new LinkedHashMap<>();
    public final Map<String, String> cRatio = new LinkedHashMap<>();
    public final Map<String, String> engineChecks = new LinkedHashMap<>();
    public final Map<String, String> agentConfigs = new LinkedHashMap<>();
    public int chunks;
    public int agentCapacity;
    public int cCapacity;
    public String libdeflateVersion = "?";
    public String failure;

    void add(String engine, String direction, RepetitionSample sample) {
        samples.computeIfAbsent(key(engine, direction), k -> new ArrayList<>()).add(sample);
    }

    public List<RepetitionSample> of(String engine, String direction) {
        return samples.getOrDefault(key(engine, direction), List.of());
    }

    public boolean failed() {
        return failure != null || engineChecks.values().stream().anyMatch(c -> !c.startsWith("OK"));
    }

    private static String key(String engine, String direction) {
        return engine + " " + direction;
    }
}
