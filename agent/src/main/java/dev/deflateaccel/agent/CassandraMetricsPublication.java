package dev.deflateaccel.agent;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;

import javax.management.JMException;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.files.WritebackPacer;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/**
 * When the statistics go into Cassandra's metrics registry ({@link CassandraMetrics}): at start,
 * after each reload (a new bridge has new counters), and out again at detach.
 *
 * <p>premain runs before Cassandra has set anything up, and touching its registry class then
 * would initialise it out of Cassandra's order. So a daemon thread waits until Cassandra has
 * registered its first {@code org.apache.cassandra.metrics} MBean - proof that the registry
 * exists - and only then binds to the class Cassandra loaded: every second for the first
 * minute, then every ten. On an attach to a running node that is true at once. A JVM that is
 * not Cassandra (a test, a tool) never gets there, and after {@value #WAIT_MINUTES} minutes the
 * thread says so once and stops. Any failure is logged once and leaves the node and the
 * {@code dev.deflateaccel} MBeans as they are, until a detach; Cassandra 6.0, whose registry
 * refuses metric groups not on its own list, is such a case (a warning, so that it shows at the
 * default log_level, saying what the operator loses and where the statistics are).
 */
final class CassandraMetricsPublication {
    static final long WAIT_MINUTES = 30;

    private static Instrumentation inst;
    private static StatisticsRegistry wanted;
    private static WritebackPacer wantedPacer;
    private static AccelLog log;
    private static CassandraMetrics metrics;
    private static boolean failed;
    private static Thread waiter;

    private CassandraMetricsPublication() {
    }

    /**
     * Publishes {@code stats} and {@code pacer}'s counters now if Cassandra's registry is up, else
     * as soon as it is. Never throws.
     */
    static synchronized void publish(Instrumentation instrumentation, StatisticsRegistry stats, WritebackPacer pacer,
            AccelLog accelLog) {
        inst = instrumentation;
        wanted = stats;
        wantedPacer = pacer;
        log = accelLog;
        if (failed) {
            return;
        }
        try {
            if (metrics != null || tryBind()) {
                publishWanted();
            } else if (waiter == null) {
                waiter = new Thread(CassandraMetricsPublication::await, "deflate-accel-metrics");
                waiter.setDaemon(true);
                waiter.start();
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            waiter = null;
            fail(e);
        }
    }

    /**
     * Detach: the gauges leave Cassandra's registry, before the engines close, so that no scrape
     * reads a closed engine. A later attach tries again. Never throws.
     */
    static synchronized void withdraw() {
        if (metrics != null) {
            metrics.withdraw();
        }
        wanted = null;
        wantedPacer = null;
        log = null;
        inst = null;
        failed = false;
    }

    private static void await() {
        long start = System.nanoTime();
        long deadline = start + WAIT_MINUTES * 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(System.nanoTime() - start < 60_000_000_000L ? 1_000 : 10_000);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (CassandraMetricsPublication.class) {
                if (wanted == null || failed) {
                    waiter = null;
                    return;
                }
                if (tryBind()) {
                    publishWanted();
                    waiter = null;
                    return;
                }
            }
        }
        synchronized (CassandraMetricsPublication.class) {
            waiter = null;
            if (wanted != null && log != null) {
                log.info("Cassandra's metrics registry did not appear within " + WAIT_MINUTES
                        + " minutes (not a Cassandra node?); the statistics stay under " + StatisticsRegistry.DOMAIN + " only");
            }
        }
    }

    /** True once bound; false while Cassandra's registry is not up yet (or a bind failed: logged). */
    private static boolean tryBind() {
        if (inst == null || !cassandraRegisteredMetrics()) {
            return false;
        }
        Class<?> registry = loaded(CassandraMetrics.REGISTRY_CLASS);
        if (registry == null) {
            return false;
        }
        try {
            metrics = CassandraMetrics.bind(registry);
            return true;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            fail(e);
            return false;
        }
    }

    private static void publishWanted() {
        if (wanted == null || failed) {
            return;
        }
        try {
            metrics.publish(wanted, wantedPacer);
            log.info("statistics also in Cassandra's metrics registry as " + CassandraMetrics.OBJECT_NAME_PATTERN
                    + " (" + metrics.size() + " gauges)");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            metrics.withdraw();
            fail(e);
        }
    }

    private static void fail(Throwable e) {
        failed = true;
        if (log == null) {
            return;
        }
        Throwable cause = e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
        String stays = "; the statistics stay under " + StatisticsRegistry.DOMAIN + " only";
        if (String.valueOf(cause.getMessage()).startsWith(CassandraMetrics.UNKNOWN_GROUP)) {
            // Cassandra 6.0 keeps a fixed list of metric groups (one system_metrics table each).
            // A warning, as for every other thing the agent does less of than it was set up to:
            // an exporter configured from our snippet finds nothing, and the operator must know why.
            log.warn("Cassandra's metrics registry takes only its own metric groups (" + cause.getMessage() + "), as"
                    + " Cassandra 6.0's does, so the agent's statistics are not in it: the rules of"
                    + " jmx_exporter-deflate-accel.yml and the management API's /metrics find no DeflateAccel series"
                    + " on this node; read them under " + StatisticsRegistry.DOMAIN + " (status, JMX) instead."
                    + " Compression is not affected");
        } else {
            log.warn("cannot publish statistics in Cassandra's metrics registry (" + cause + ")" + stays);
        }
    }

    private static boolean cassandraRegisteredMetrics() {
        try {
            return !ManagementFactory.getPlatformMBeanServer()
                    .queryNames(new ObjectName(CassandraMetrics.GROUP + ":*"), null).isEmpty();
        } catch (JMException | RuntimeException e) {
            return false;
        }
    }

    private static Class<?> loaded(String name) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (name.equals(c.getName())) {
                return c;
            }
        }
        return null;
    }
}
