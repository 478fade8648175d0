package dev.deflateaccel.bridge.stats;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.engine.FallbackReason;

/**
 * The one reader of the agent's statistics MBeans, over any connection: the local platform
 * server (benchmark forks, the doctor) or a node's remote JMX (integration tests, status). The
 * MBean names come from {@link StatisticsRegistry}, the attribute names from
 * {@link EngineStatistics#counters()}.
 */
public final class StatisticsClient {

    private final MBeanServerConnection connection;

    public StatisticsClient(MBeanServerConnection connection) {
        this.connection = connection;
    }

    /** This JVM's own platform MBean server. */
    public static StatisticsClient local() {
        return new StatisticsClient(ManagementFactory.getPlatformMBeanServer());
    }

    /** Every MBean of the agent's domain, statistics or not; empty when no agent is loaded. */
    public Set<ObjectName> agentMBeans() throws IOException {
        return new TreeSet<>(connection.queryNames(pattern(StatisticsRegistry.DOMAIN + ":*"), null));
    }

    /** A snapshot of every engine and direction, sorted by engine then direction. */
    public List<StatisticsSnapshot> readAll() throws IOException {
        List<StatisticsSnapshot> all = new ArrayList<>();
        for (ObjectName name : new TreeSet<>(connection.queryNames(pattern(StatisticsRegistry.STATISTICS_PATTERN), null))) {
            all.add(read(name));
        }
        return all;
    }

    private StatisticsSnapshot read(ObjectName name) throws IOException {
        String[] attributes = EngineStatistics.counters().keySet().toArray(new String[0]);
        Map<String, Long> values = new java.util.HashMap<>();
        try {
            for (Attribute a : connection.getAttributes(name, attributes).asList()) {
                values.put(a.getName(), ((Number) a.getValue()).longValue());
            }
        } catch (JMException e) {
            throw new IllegalStateException("cannot read agent statistics from " + name, e);
        }
        for (String a : attributes) {
            if (!values.containsKey(a)) {
                throw new IllegalStateException("MBean " + name + " lacks attribute " + a);
            }
        }
        Map<FallbackReason, Long> byReason = new EnumMap<>(FallbackReason.class);
        for (FallbackReason r : FallbackReason.values()) {
            byReason.put(r, values.get(StatisticsSnapshot.attributeOf(r)));
        }
        return new StatisticsSnapshot(name.getKeyProperty("engine"), name.getKeyProperty("direction"),
                values.get("Operations"), values.get("BytesIn"), values.get("BytesOut"), values.get("Errors"),
                values.get("Fallbacks"), values.get("NativeBytes"), values.get("CpuNanos"), byReason);
    }

    private static ObjectName pattern(String text) {
        try {
            return new ObjectName(text);
        } catch (JMException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
