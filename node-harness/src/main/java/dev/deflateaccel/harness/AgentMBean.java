package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

/** The agent's {@code dev.deflateaccel:type=Agent} MBean on a node, read over its JMX port. */
public final class AgentMBean {

    public static final String NAME = "dev.deflateaccel:type=Agent";
    public static final List<String> ATTRIBUTES =
            List.of("Generation", "LastReloadError", "ConfigPath", "Version", "AttachedSince", "LastReloadTime", "Engines",
                    "CodecCpu", "CodecCpuPercentLastMinute", "CodecCpuPercentSinceStart");

    private AgentMBean() {
    }

    /** Every attribute, or null when the agent is not attached (no such MBean). */
    public static Map<String, Object> attributes(int jmxPort) {
        try (JMXConnector c = JMXConnectorFactory.connect(NodePorts.jmxUrl(jmxPort))) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            ObjectName name = new ObjectName(NAME);
            if (!s.isRegistered(name)) {
                return null;
            }
            Map<String, Object> values = new HashMap<>();
            for (String a : ATTRIBUTES) {
                values.put(a, s.getAttribute(name, a));
            }
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One attribute, read when asked (an agent older than the attribute fails here, not in {@link #attributes}). */
    public static Object attribute(int jmxPort, String attribute) {
        return read(jmxPort, NAME, attribute);
    }

    /**
     * The value of one of the agent's gauges in Cassandra's own metrics registry, as an exporter
     * reads it: {@code org.apache.cassandra.metrics:type=DeflateAccel,scope=<scope>,name=<name>}.
     */
    public static Object cassandraGauge(int jmxPort, String scope, String name) {
        return read(jmxPort, "org.apache.cassandra.metrics:type=DeflateAccel,scope=" + scope + ",name=" + name, "Value");
    }

    private static Object read(int jmxPort, String objectName, String attribute) {
        try (JMXConnector c = JMXConnectorFactory.connect(NodePorts.jmxUrl(jmxPort))) {
            return c.getMBeanServerConnection().getAttribute(new ObjectName(objectName), attribute);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Polls the attributes every 100 ms until {@code done} holds; returns the milliseconds since
     * {@code startNanos} (a config edit's write, say). Fails naming {@code what} and the
     * attributes last seen when {@code limit} has passed.
     */
    public static long await(int jmxPort, Predicate<Map<String, Object>> done, long startNanos, Duration limit, String what) {
        while (System.nanoTime() - startNanos < limit.toNanos()) {
            Map<String, Object> a = attributes(jmxPort);
            if (a != null && done.test(a)) {
                return (System.nanoTime() - startNanos) / 1_000_000;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError(what + " was not applied or refused within " + limit.toMillis() + " ms: " + attributes(jmxPort));
    }
}
