package dev.deflateaccel.lab.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;

/** What one configuration produced: per-scenario numbers, the forks' engine checks, or why it has none. */
public final class ConfigurationOutcome {
    public final BenchConfiguration configuration;
    /** By {@link ScenarioResult#scenario}. */
    public final Map<String, ScenarioResult> results = new LinkedHashMap<>();
    /** One line per benchmark, scenario and fork that passed its engine check. */
    public final List<String> engineChecks = new ArrayList<>();
    /** Set when the configuration ran but must not be trusted (crash, engine check failure). */
    public String failure;
    /** Set when the configuration was deliberately not run (e.g. agent jar not built yet). */
    public String skipped;
    public String agentConfig;
    public double seconds;
    /** CPU used by other processes while this configuration ran, e.g. "3% other processes, 0% steal". */
    public String load = "unknown";
    public double othersShare = Double.NaN;
    public boolean disturbed;
    /** 1 for the first run; more when a disturbed run was repeated (the least disturbed one is kept). */
    public int attempt = 1;

    public ConfigurationOutcome(BenchConfiguration configuration) {
        this.configuration = configuration;
    }

    public ScenarioResult result(String scenario) {
        return results.computeIfAbsent(scenario, s -> new ScenarioResult());
    }

    public boolean usable() {
        return failure == null && skipped == null;
    }
}
