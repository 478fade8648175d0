package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.bridge.stats.EngineStatistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The agent's gauges in the real CassandraMetricsRegistry of every supported line, each in its own
 * JVM (registering initialises Cassandra's registry and its JMX names, which one JVM can hold for
 * one Cassandra only): 4.0, 4.1 and 5.0 take them; 6.0-alpha2 refuses the group and is left with
 * none. The 5.0 node test scrapes them through the Prometheus exporter on a running node.
 */
class CassandraMetricsTest {

    static List<String> versions() {
        return CassandraJars.versions();
    }

    @ParameterizedTest
    @MethodSource("versions")
    void gaugesReadTheAgentsCountersAndLeaveOnWithdraw(String version, @TempDir Path tmp) throws Exception {
        List<String> cp = new ArrayList<>();
        cp.add(CassandraJars.cassandraAll(version).toString());
        // The Dropwizard metrics each line ships in lib/: 3.1.5 for 4.x, 4.2 from 5.0 on.
        cp.add(CassandraJars.dir().resolve(version.startsWith("4.") ? "metrics-core-3.jar" : "metrics-core.jar").toString());
        cp.add(CassandraJars.dir().resolve("slf4j-api.jar").toString());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String file = Paths.get(entry).getFileName().toString();
            if (!file.startsWith("slf4j") && !file.startsWith("metrics-core")) {
                cp.add(entry);
            }
        }
        ChildJvm run = ChildJvm.run(tmp, Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                Collections.emptyMap(), Collections.emptyList(), String.join(File.pathSeparator, cp), CassandraMetricsMain.class.getName());
        assertEquals(0, run.exit, run.output);
        if (version.startsWith("6.")) {
            // 6.0 takes only the metric groups on its own list; the agent then warns once, at the default log_level.
            assertTrue(run.output.contains("PUBLICATION REFUSED, WARNED ONCE: "), run.output);
            assertTrue(run.output.contains("REFUSED java.lang.IllegalStateException: " + CassandraMetrics.UNKNOWN_GROUP
                    + ": " + CassandraMetrics.TYPE), run.output);
        } else {
            assertTrue(run.output.contains("PUBLICATION OK: "), run.output);
            assertTrue(run.output.contains("OK ") && run.output.contains("cassandra-all-" + version + ".jar"), run.output);
        }
    }

    @Test
    void everyCounterOfTheMBeanBecomesAGauge() {
        assertEquals(Arrays.asList("BytesIn", "BytesOut", "CpuNanos", "CpuNanosCommitLogAndHints", "CpuNanosCompaction",
                "CpuNanosFlush", "CpuNanosOther", "CpuNanosReads", "Errors", "Fallbacks", "FallbacksBadOutput",
                "FallbacksContextsBusy", "FallbacksCorruptInput", "FallbacksDeviceBusy", "FallbacksInputNotAccepted",
                "FallbacksNativeError", "FallbacksOutputTooSmall", "FallbacksUnexpectedException", "NativeBytes", "Operations",
                "TimedCalls"),
                new ArrayList<>(EngineStatistics.counters().keySet()));
        assertEquals("org.apache.cassandra.metrics:type=DeflateAccel,scope=igzip.decompress,name=Errors",
                CassandraMetrics.objectName("igzip", "decompress", "Errors"));
    }
}
