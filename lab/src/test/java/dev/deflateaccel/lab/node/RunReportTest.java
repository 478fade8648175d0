package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The table every node program reports: medians and ranges per configuration, ratios to the first, rankings. */
class RunReportTest {

    private static final Metric<Double> CPU = new Metric<>("CPU us", v -> v, true, "%.0f");
    private static final RunReport.Definition<Double> DEFINITION = new RunReport.Definition<>("test report",
            List.of(CPU), List.of(CPU), List.of(CPU), null, group -> CPU, v -> "run " + v, v -> "",
            List.of("by hand"));

    @Test
    void ratiosArePerRepetitionAndRankingsNeedSeparateRanges() {
        Map<SteadyConfig, List<Double>> results = new LinkedHashMap<>();
        List<SteadyConfig> configs = SteadyConfig.parse("stock,igzip");
        results.put(configs.get(0), List.of(100.0, 120.0, 110.0));
        results.put(configs.get(1), List.of(50.0, 66.0, 55.0));
        String md = new RunReport<>(DEFINITION, results).markdown(List.of("header line"));
        assertTrue(md.startsWith("# test report\n\n- header line\n"), md);
        assertTrue(md.contains("| CPU us | 110 (100-120) | 55 (50-66) |"), md);
        // 50/100, 66/120, 55/110: 0.50, 0.55, 0.50
        assertTrue(md.contains("| &nbsp;&nbsp;ratio | 1.00x (1.00x-1.00x) | 0.50x (0.50x-0.55x) |"), md);
        assertTrue(md.contains("- CPU us: igzip < stock"), md);
        assertTrue(md.contains("  - run 66.0\n"), md);
        assertTrue(md.endsWith("How measured:\n- by hand\n"), md);
    }

    @Test
    void withinVariantEachConfigurationIsHeldToTheFirstOfItsOwnVariant() {
        RunReport.Definition<Double> d = new RunReport.Definition<>("test report", List.of(CPU), List.of(CPU),
                List.of(CPU), null, group -> CPU, v -> "run " + v, v -> "", List.of("by hand"));
        d.ratioWithinVariant = true;
        Map<SteadyConfig, List<Double>> results = new LinkedHashMap<>();
        List<SteadyConfig> configs = SteadyConfig.parse("cassandra-direct,igzip-direct,cassandra-direct-nice,igzip-direct-nice");
        results.put(configs.get(0), List.of(100.0, 100.0));
        results.put(configs.get(1), List.of(150.0, 150.0));
        results.put(configs.get(2), List.of(50.0, 50.0));
        results.put(configs.get(3), List.of(40.0, 40.0));
        String md = new RunReport<>(d, results).markdown(List.of("header line"));
        // igzip-direct to cassandra-direct 1.50; cassandra-direct-nice is its own variant's base; igzip-direct-nice 40/50
        assertTrue(md.contains("| &nbsp;&nbsp;ratio | 1.00x (1.00x-1.00x) | 1.50x (1.50x-1.50x) | 1.00x (1.00x-1.00x)"
                + " | 0.80x (0.80x-0.80x) |"), md);
        assertTrue(md.contains("the ratio to the first configuration with the same variant"), md);
    }
}
