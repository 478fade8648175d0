package dev.deflateaccel.lab.efficiency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deflateaccel.lab.experiment.Run;

/** Everything one efficiency run measured and checked, for the report: the sides' runs and the repetitions. */
public final class EfficiencyResults {
    /** engine + " " + direction -> the repetitions in order. */
    private final Map<String, List<RepetitionSample>> samples = new LinkedHashMap<>();
    public final List<String> repetitionLoad = new ArrayList<>();
    /** The agent JVM per engine, in start order. */
    public final Map<String, Run> agentSides = new LinkedHashMap<>();
    /** native_ref --serve, both engines. */
    public Run cSide;
    public String failure;

    void add(String engine, String direction, RepetitionSample sample) {
        samples.computeIfAbsent(engine + " " + direction, k -> new ArrayList<>()).add(sample);
    }

    public List<RepetitionSample> of(String engine, String direction) {
        return samples.getOrDefault(engine + " " + direction, List.of());
    }

    /** A fact of a side's ready line, "?" when the side never got ready. */
    static String ready(Run side, String key) {
        return side == null || side.ready == null ? "?" : side.ready.getOrDefault(key, "?");
    }

    public boolean failed() {
        return failure != null || agentSides.values().stream().anyMatch(r -> !r.usable());
    }
}
