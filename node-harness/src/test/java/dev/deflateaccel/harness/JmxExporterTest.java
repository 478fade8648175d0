package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.stats.EngineStatistics;

/**
 * The exporter snippet the release ships, checked without a node: a rule of ours (not the stock
 * generic one, which comes after) matches every counter the agent registers, and the merge
 * OperatorsStackIT does keeps the stock file's shape.
 */
class JmxExporterTest {

    private static final Pattern RULE = Pattern.compile("^- pattern: '(.*)'$");

    private static String snippet() throws IOException {
        return Files.readString(JmxExporter.snippet(), StandardCharsets.UTF_8);
    }

    private static String stock() throws IOException {
        try (InputStream in = JmxExporter.class.getResourceAsStream(JmxExporter.STOCK_RULES)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void oneOfOurRulesMatchesEveryCounterTheAgentRegisters() throws IOException {
        List<Pattern> rules = new ArrayList<>();
        for (String line : snippet().split("\n")) {
            Matcher m = RULE.matcher(line);
            if (m.matches()) {
                rules.add(Pattern.compile(m.group(1).replace("\\\\", "\\")));
            }
        }
        assertEquals(15, rules.size(), "the snippet's rules");
        Set<String> counters = EngineStatistics.counters().keySet();
        assertTrue(counters.size() >= 14, counters.toString());
        for (String engine : List.of("libdeflate", "igzip", "qat", "iaa", "zlib", "cassandra")) {
            for (String direction : List.of("compress", "decompress")) {
                for (String counter : counters) {
                    // How the exporter presents a Dropwizard gauge of Cassandra's registry to its rules.
                    String bean = "org.apache.cassandra.metrics<type=DeflateAccel, scope=" + engine + "." + direction
                            + ", name=" + counter + "><>Value";
                    assertTrue(rules.stream().anyMatch(r -> r.matcher(bean).matches()), "no rule of ours matches " + bean);
                }
            }
        }
        // Compaction write pacing's gauges (the agent's CassandraMetrics.writebackCounters; CassandraMetricsTest
        // reads them from each line's registry).
        for (String counter : List.of("Bytes", "Calls", "DroppedBytes", "Millis", "Failures")) {
            String bean = "org.apache.cassandra.metrics<type=DeflateAccel, scope=CompactionWriteback, name=" + counter
                    + "><>Value";
            assertEquals(1, rules.stream().filter(r -> r.matcher(bean).matches()).count(), "rules of ours matching " + bean);
        }
    }

    @Test
    void theMergePutsOurLinesFirstAndKeepsTheStockIndentation() throws IOException {
        List<String> merged = JmxExporter.merge(stock(), snippet()).lines().collect(Collectors.toList());
        int allow = merged.indexOf("whitelistObjectNames:");
        assertEquals("  - \"org.apache.cassandra.metrics:type=DeflateAccel,*\"", merged.get(allow + 1));
        int rules = merged.indexOf("rules:");
        assertTrue(merged.get(rules + 1).startsWith("- pattern: 'org.apache.cassandra.metrics<type=DeflateAccel"),
                merged.get(rules + 1));
        for (String line : merged.subList(rules + 1, merged.size())) {
            assertTrue(line.isEmpty() || line.startsWith("- ") || line.startsWith("  ") || line.startsWith("#"),
                    "a rules line out of the stock file's indentation: '" + line + "'");
        }
        // Ten engine rules of five lines (with labels), five pacing rules of four (one set per node).
        assertEquals(stock().lines().count() + 1 + 10 * 5 + 5 * 4, merged.size(), "stock lines plus ours, nothing lost");
    }
}
