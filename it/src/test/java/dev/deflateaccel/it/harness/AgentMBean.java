package dev.deflateaccel.it.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

/** The agent's {@code dev.deflateaccel:type=Agent} MBean on a node, read over its JMX port. */
public final class AgentMBean {

    public static final String NAME = "dev.deflateaccel:type=Agent";
    public static final List<String> ATTRIBUTES =
            List.of("Generation", "LastReloadError", "ConfigPath", "Version", "AttachedSince", "LastReloadTime", "Engines");

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
}
