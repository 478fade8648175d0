package dev.deflateaccel.agent;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;

import dev.deflateaccel.bridge.files.WritebackPacer;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/**
 * The agent's statistics in Cassandra's own metrics registry, where the Prometheus JMX exporter's
 * Cassandra rules and the management API's {@code /metrics} look: one gauge per counter of
 * {@link EngineStatistics#counters()}, named
 * {@code org.apache.cassandra.metrics:type=DeflateAccel,scope=<engine>.<direction>,name=<Counter>},
 * and one per counter of compaction write pacing ({@link #writebackCounters}), under
 * {@code scope=CompactionWriteback}.
 *
 * <p>Not a second model: each gauge reads the same {@link EngineStatistics} object the
 * {@code dev.deflateaccel} MBean, {@code status} and the periodic log read. Cassandra is reached
 * reflectively through the registry class it loaded ({@code CassandraMetricsRegistry.Metrics},
 * {@code register(MetricName, Metric)}, {@code remove(MetricName)} and the five-string
 * {@code MetricName} constructor, the same in 4.0, 4.1, 5.0 and 6.0), so the agent bundles no
 * Cassandra and no Dropwizard: the gauges are proxies of the node's own {@code Gauge} interface.
 * Cassandra 6.0's registry refuses the group ({@value #UNKNOWN_GROUP}): it takes only the groups
 * on its own list, each of which is also a {@code system_metrics} virtual table.
 */
final class CassandraMetrics {
    static final String REGISTRY_CLASS = "org.apache.cassandra.metrics.CassandraMetricsRegistry";
    static final String GROUP = "org.apache.cassandra.metrics";
    static final String TYPE = "DeflateAccel";
    /** Every name this class registers; the exporter snippet's allow-list line is this pattern. */
    static final String OBJECT_NAME_PATTERN = GROUP + ":type=" + TYPE + ",*";
    /** The scope of compaction write pacing's gauges: one pacer per agent, not one per engine. */
    static final String WRITEBACK_SCOPE = "CompactionWriteback";
    /** How Cassandra 6.0's registry refuses a group not on its fixed list. */
    static final String UNKNOWN_GROUP = "Unknown metric group";

    private final Object registry;
    private final Method register;
    private final Method remove;
    private final Constructor<?> metricName;
    private final Class<?> gauge;
    private final List<Object> registered = new ArrayList<>();

    private CassandraMetrics(Class<?> registryClass) throws ReflectiveOperationException {
        ClassLoader loader = registryClass.getClassLoader();
        Class<?> nameClass = Class.forName(REGISTRY_CLASS + "$MetricName", false, loader);
        Class<?> metric = Class.forName("com.codahale.metrics.Metric", false, loader);
        this.registry = registryClass.getField("Metrics").get(null);
        this.register = registryClass.getMethod("register", nameClass, metric);
        this.remove = registryClass.getMethod("remove", nameClass);
        this.metricName = nameClass.getConstructor(String.class, String.class, String.class, String.class, String.class);
        this.gauge = Class.forName("com.codahale.metrics.Gauge", false, loader);
    }

    /** Binds to the registry of the Cassandra that loaded {@code registryClass}; that initialises it. */
    static CassandraMetrics bind(Class<?> registryClass) throws ReflectiveOperationException {
        return new CassandraMetrics(registryClass);
    }

    /** The JMX name Cassandra gives the gauge; the exporter rules match on it. */
    static String objectName(String engine, String direction, String counter) {
        return GROUP + ":type=" + TYPE + ",scope=" + engine + "." + direction + ",name=" + counter;
    }

    /** The JMX name of one of compaction write pacing's gauges. */
    static String writebackObjectName(String counter) {
        return GROUP + ":type=" + TYPE + ",scope=" + WRITEBACK_SCOPE + ",name=" + counter;
    }

    /** Pacing's counters by gauge name: the Agent MBean's CompactionWriteback* attributes. */
    static Map<String, LongSupplier> writebackCounters(WritebackPacer pacer) {
        Map<String, LongSupplier> counters = new LinkedHashMap<>();
        counters.put("Bytes", pacer::bytesWrittenBack);
        counters.put("Calls", pacer::writebackCalls);
        counters.put("DroppedBytes", pacer::bytesDropped);
        counters.put("Millis", pacer::waitMillis);
        counters.put("Failures", pacer::failures);
        return counters;
    }

    /**
     * Replaces whatever this instance registered with gauges over {@code stats} and over
     * {@code pacer}'s counters (none for a null pacer).
     */
    synchronized void publish(StatisticsRegistry stats, WritebackPacer pacer) throws ReflectiveOperationException {
        withdraw();
        for (EngineStatistics s : stats.all()) {
            for (Map.Entry<String, Method> c : EngineStatistics.counters().entrySet()) {
                String scope = s.engine() + "." + s.direction().label();
                register(c.getKey(), scope, objectName(s.engine(), s.direction().label(), c.getKey()),
                        () -> c.getValue().invoke(s), "deflate-accel " + scope + " " + c.getKey());
            }
        }
        if (pacer != null) {
            for (Map.Entry<String, LongSupplier> c : writebackCounters(pacer).entrySet()) {
                LongSupplier value = c.getValue();
                register(c.getKey(), WRITEBACK_SCOPE, writebackObjectName(c.getKey()), value::getAsLong,
                        "deflate-accel " + WRITEBACK_SCOPE + " " + c.getKey());
            }
        }
    }

    private void register(String counter, String scope, String objectName, Callable<Object> value, String description)
            throws ReflectiveOperationException {
        Object name = metricName.newInstance(GROUP, TYPE, counter, scope, objectName);
        try {
            remove.invoke(registry, name); // an earlier agent in this JVM (detach, attach)
        } catch (ReflectiveOperationException | RuntimeException notThere) {
            // 6.0's remove throws for an unknown name
        }
        register.invoke(registry, name, gaugeOf(value, description));
        registered.add(name);
    }

    /** Removes every gauge this instance registered. Never throws. */
    synchronized void withdraw() {
        for (Object name : registered) {
            try {
                remove.invoke(registry, name);
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // already gone
            }
        }
        registered.clear();
    }

    synchronized int size() {
        return registered.size();
    }

    /** A proxy of the node's {@code com.codahale.metrics.Gauge} whose value is {@code value}'s. */
    private Object gaugeOf(Callable<Object> value, String description) {
        InvocationHandler handler = (proxy, method, args) -> {
            switch (method.getName()) {
                case "getValue":
                    return value.call();
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                case "toString":
                    return description;
                default:
                    throw new UnsupportedOperationException(method.getName());
            }
        };
        return Proxy.newProxyInstance(gauge.getClassLoader(), new Class<?>[] {gauge}, handler);
    }
}
