package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.harness.AgentConfig.LOG_FILE;
import static dev.deflateaccel.harness.AgentConfig.USE_IGZIP_COMPRESS;
import static dev.deflateaccel.harness.AgentConfig.USE_IGZIP_UNCOMPRESS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentMBean;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.ConfigMapMount;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.JmxExporter;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.PrometheusSamples;
import dev.deflateaccel.harness.workload.ContinuousLoad;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Issue 20: the agent where an operator's own tools look, on a stock 5.0 node started by
 * bin/cassandra the way the official image starts it - the agent and the Prometheus JMX exporter
 * both given only through JVM_EXTRA_OPTS, jvm-server.options untouched, the agent's config a
 * ConfigMap mount. The exporter (the real 1.0.1 agent) runs with its stock Cassandra rules plus the
 * snippet the release ships. Under continuous load: our series are scraped with engine and
 * direction labels and move with the agent's own counters; Cassandra's own series are the same as
 * on the node without the agent; a Kubernetes-style ConfigMap update applies, a bad one is refused
 * whole, and no request fails.
 */
@ExtendWith(SharedNodeExtension.class)
class OperatorsStackIT {

    static final int PRELOAD = 5_000;
    static final String CONFIG_KEY = "zlib-accel.conf";
    static final String OPS = "cassandra_deflateaccel_operations";
    static final Duration APPLY_LIMIT = Duration.ofSeconds(15);

    @Test
    void exporterAndConfigMapOnANodeStartedThroughJvmExtraOpts(CassandraNode node) throws IOException {
        Path work = node.layout().root().resolve("operators");
        JmxExporter exporter = JmxExporter.stockRulesWithSnippet(work.resolve("exporter"));
        TestTable table = new TestTable("operators", "rows", 16);
        SampleRows rows = new SampleRows(2020, 10);

        // Without the agent: what the stock rules serve for Cassandra itself.
        node.ensureRunning(NodeSettings.stock().jvmExtraOpt(exporter.javaagentOption()));
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, rows, ONE).writeAll(0, PRELOAD);
        DeflateSSTables.flushAndCompact(node, table);
        Set<String> stockSeries = exporter.scrape().seriesShapes("cassandra_deflateaccel_");
        assertTrue(stockSeries.size() > 20, "the stock rules should serve Cassandra's series: " + stockSeries);

        // The agent through JVM_EXTRA_OPTS, its config a ConfigMap mount.
        ConfigMapMount mount = ConfigMapMount.create(work.resolve("configmap"), Map.of(CONFIG_KEY,
                AgentConfig.libdeflate().with(LOG_FILE, node.layout().agentLog().toString()).render()));
        NodeSettings settings = NodeSettings.withAgent(AgentConfig.libdeflate().describedAs("libdeflate, from a ConfigMap"))
                .agentLine(NodeSettings.AgentLine.JVM_EXTRA_OPTS)
                .agentConfigFile(mount.file(CONFIG_KEY))
                .jvmExtraOpt(exporter.javaagentOption());
        LogFile.Mark systemLogMark = node.systemLog().mark();
        LogFile.Mark agentLogMark = node.agentLog().mark();
        node.ensureRunning(settings);
        String jvmServerOptions = Files.readString(node.layout().conf().resolve("jvm-server.options"), StandardCharsets.UTF_8);
        assertFalse(jvmServerOptions.contains("-javaagent"), "jvm-server.options must stay stock");
        String commandLine = Files.readString(Path.of("/proc", Long.toString(node.pid()), "cmdline")).replace('\0', ' ');
        assertTrue(commandLine.contains("-javaagent:") && commandLine.contains("=config=" + mount.file(CONFIG_KEY)), commandLine);
        assertEquals(1L, AgentMBean.attributes(node.ports().jmx()).get("Generation"));

        Set<Long> acknowledged = new HashSet<>();
        for (long i = 0; i < PRELOAD; i++) {
            acknowledged.add(i);
        }
        ContinuousLoad load = new ContinuousLoad(node.session(), table, rows, acknowledged, PRELOAD, 4, PRELOAD);
        try {
            // Our series, labelled, and moving with the agent's own counters.
            DeflateSSTables.flushAndCompact(node, table);
            EngineStats jmxBefore = node.engineStats();
            PrometheusSamples first = exporter.scrape();
            EngineStats jmxAfter = node.engineStats();
            assertTrue(jmxBefore.get("libdeflate", EngineStats.COMPRESS).operations > 0, "the compaction used libdeflate");
            for (String direction : List.of(EngineStats.COMPRESS, EngineStats.DECOMPRESS)) {
                Map<String, String> labels = Map.of("engine", "libdeflate", "direction", direction);
                EngineCounters before = jmxBefore.get("libdeflate", direction);
                EngineCounters after = jmxAfter.get("libdeflate", direction);
                assertBetween(first, "cassandra_deflateaccel_operations_total", labels, before.operations, after.operations);
                assertBetween(first, "cassandra_deflateaccel_bytes_in_total", labels, before.bytesIn, after.bytesIn);
                assertBetween(first, "cassandra_deflateaccel_bytes_out_total", labels, before.bytesOut, after.bytesOut);
                assertBetween(first, "cassandra_deflateaccel_errors_total", labels, before.errors, after.errors);
                assertBetween(first, "cassandra_deflateaccel_fallbacks_total", labels, before.fallbacks, after.fallbacks);
                assertFalse(Double.isNaN(first.value("cassandra_deflateaccel_native_bytes", labels)), ours(first));
            }
            assertFalse(Double.isNaN(first.value("cassandra_deflateaccel_fallbacks_by_reason_total",
                    Map.of("engine", "libdeflate", "direction", "compress", "reason", "ContextsBusy"))), ours(first));
            assertEquals(0.0, first.value("cassandra_deflateaccel_errors_total",
                    Map.of("engine", "libdeflate", "direction", "compress")));
            // Compaction write pacing's series, one set per node: off here, so no call made.
            assertEquals(0.0, first.value("cassandra_deflateaccel_compaction_writeback_calls_total", Map.of()), ours(first));
            assertEquals(stockSeries, first.seriesShapes("cassandra_deflateaccel_"),
                    "Cassandra's own series must be what they are without the agent");

            // A Kubernetes-style update of the ConfigMap: new directory, atomic swap of ..data.
            mount.update(Map.of(CONFIG_KEY, AgentConfig.allOff("igzip").with(USE_IGZIP_COMPRESS, "1")
                    .with(USE_IGZIP_UNCOMPRESS, "1").with(LOG_FILE, node.layout().agentLog().toString()).render()));
            AgentMBean.await(node.ports().jmx(), a -> ((Long) a.get("Generation")) == 2L, System.nanoTime(), APPLY_LIMIT,
                    "the ConfigMap update to igzip");
            EngineStats beforeIgzip = node.engineStats();
            DeflateSSTables.flushAndCompact(node, table);
            EngineAssertions.servedBy(node.engineStats().since(beforeIgzip), EngineStats.COMPRESS, "igzip");
            PrometheusSamples second = exporter.scrape();
            assertTrue(second.value(OPS + "_total", Map.of("engine", "igzip", "direction", "compress")) > 0, ours(second));

            // A bad update is refused whole: igzip stays, generation 2 stays.
            mount.update(Map.of(CONFIG_KEY, AgentConfig.allOff("bad").with(USE_IGZIP_COMPRESS, "yes")
                    .with(LOG_FILE, node.layout().agentLog().toString()).render()));
            AgentMBean.await(node.ports().jmx(), a -> ((String) a.get("LastReloadError")).contains("'yes'"), System.nanoTime(),
                    APPLY_LIMIT, "the bad ConfigMap update");
            assertEquals(2L, AgentMBean.attributes(node.ports().jmx()).get("Generation"));
            EngineStats beforeBad = node.engineStats();
            DeflateSSTables.flushAndCompact(node, table);
            EngineAssertions.servedBy(node.engineStats().since(beforeBad), EngineStats.COMPRESS, "igzip");
        } finally {
            load.stop();
        }
        assertEquals(0, load.failures.get(), "failed requests: " + load.problems);
        assertEquals(0, load.wrongReads.get(), "wrong reads: " + load.problems);
        acknowledged.addAll(load.written);
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.of(acknowledged)).assertComplete();
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines in system.log");
        // At the default log_level 1 a publication says nothing; a failure would be a WARN line.
        List<String> agentLines = node.agentLog().linesSince(agentLogMark);
        assertFalse(agentLines.stream().anyMatch(l -> l.contains("cannot publish")), String.join("\n", agentLines));
    }

    /** The scraped value lies between the agent's own JMX counter read just before and just after the scrape. */
    private static void assertBetween(PrometheusSamples samples, String series, Map<String, String> labels, long before,
                                      long after) {
        double scraped = samples.value(series, labels);
        assertTrue(scraped >= before && scraped <= after,
                series + labels + " scraped " + scraped + ", JMX " + before + " before and " + after + " after:\n" + ours(samples));
    }

    private static String ours(PrometheusSamples samples) {
        StringBuilder s = new StringBuilder();
        samples.named("cassandra_deflateaccel_").forEach(x -> s.append(x).append('\n'));
        return s.length() == 0 ? "(no cassandra_deflateaccel_ series)" : s.toString();
    }
}
