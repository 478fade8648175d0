package dev.deflateaccel.bridge.stats;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The statistics of every engine in both directions, and their JMX registration under the
 * project's own domain. Registering replaces whatever an earlier bridge in this JVM registered
 * under the same names (tests and re-attaches create more than one).
 */
public final class StatisticsRegistry {
    public static final String DOMAIN = "dev.deflateaccel";
    /** Matches every statistics MBean. */
    public static final String STATISTICS_PATTERN = DOMAIN + ":type=EngineStatistics,*";

    private final Map<String, EngineStatistics[]> byEngine = new LinkedHashMap<>();

    public synchronized EngineStatistics of(String engine, Direction direction) {
        EngineStatistics[] pair = byEngine.computeIfAbsent(engine, e -> new EngineStatistics[] {
            new EngineStatistics(e, Direction.COMPRESS), new EngineStatistics(e, Direction.DECOMPRESS)});
        return pair[direction.ordinal()];
    }

    public synchronized List<EngineStatistics> all() {
        List<EngineStatistics> list = new ArrayList<>();
        for (EngineStatistics[] pair : byEngine.values()) {
            Collections.addAll(list, pair);
        }
        return list;
    }

    public static ObjectName objectName(String engine, Direction direction) throws JMException {
        return new ObjectName(DOMAIN + ":type=EngineStatistics,engine=" + engine + ",direction=" + direction.label());
    }

    /** Registers every engine's MBeans with the platform MBean server; returns a problem or null. */
    public String registerMBeans() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            for (EngineStatistics s : all()) {
                ObjectName name = objectName(s.engine(), s.direction());
                if (server.isRegistered(name)) {
                    server.unregisterMBean(name);
                }
                server.registerMBean(s, name);
            }
            return null;
        } catch (JMException | RuntimeException e) {
            return "cannot register JMX statistics: " + e;
        }
    }
}
