package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

import dev.deflateaccel.bridge.stats.StatisticsClient;
import dev.deflateaccel.bridge.stats.StatisticsSnapshot;

/** Reads the agent's engine statistics from a node over JMX (local mode, loopback). */
final class EngineStatsReader {

    private EngineStatsReader() {
    }

    static EngineStats read(int jmxPort) {
        try (JMXConnector connector = JMXConnectorFactory.connect(NodePorts.jmxUrl(jmxPort))) {
            return read(connector.getMBeanServerConnection());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read engine statistics over JMX port " + jmxPort, e);
        }
    }

    private static EngineStats read(MBeanServerConnection connection) throws IOException {
        Map<String, EngineCounters> counters = new HashMap<>();
        for (StatisticsSnapshot s : new StatisticsClient(connection).readAll()) {
            counters.put(EngineStats.key(s.engine, s.direction),
                    new EngineCounters(s.operations, s.bytesIn, s.bytesOut, s.errors, s.fallbacks, s.cpuNanos));
        }
        return new EngineStats(counters);
    }
}
