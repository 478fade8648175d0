package dev.deflateaccel.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/** Reads the agent's engine statistics from a node over JMX (local mode, loopback). */
final class EngineStatsReader {

    static final String PATTERN = "dev.deflateaccel:type=EngineStatistics,*";
    private static final String[] ATTRIBUTES = {"Operations", "BytesIn", "BytesOut", "Errors", "Fallbacks"};

    private EngineStatsReader() {
    }

    static EngineStats read(int jmxPort) {
        JMXServiceURL url;
        try {
            url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + NodePorts.JMX_HOST + ":" + jmxPort + "/jmxrmi");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
            return read(connector.getMBeanServerConnection());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read engine statistics over JMX port " + jmxPort, e);
        }
    }

    private static EngineStats read(MBeanServerConnection connection) throws IOException {
        Map<String, EngineCounters> counters = new HashMap<>();
        try {
            Set<ObjectName> names = connection.queryNames(new ObjectName(PATTERN), null);
            for (ObjectName name : names) {
                AttributeList values = connection.getAttributes(name, ATTRIBUTES);
                Map<String, Long> byName = new HashMap<>();
                for (Attribute attribute : values.asList()) {
                    byName.put(attribute.getName(), ((Number) attribute.getValue()).longValue());
                }
                for (String attribute : ATTRIBUTES) {
                    if (!byName.containsKey(attribute)) {
                        throw new AssertionError("MBean " + name + " lacks attribute " + attribute);
                    }
                }
                counters.put(EngineStats.key(name.getKeyProperty("engine"), name.getKeyProperty("direction")),
                        new EngineCounters(byName.get("Operations"), byName.get("BytesIn"), byName.get("BytesOut"),
                                byName.get("Errors"), byName.get("Fallbacks")));
            }
        } catch (JMException e) {
            throw new IllegalStateException("cannot read engine statistics MBeans", e);
        }
        return new EngineStats(counters);
    }
}
