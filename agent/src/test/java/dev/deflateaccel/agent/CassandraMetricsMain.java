package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.stream.Collectors;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.files.Writeback;
import dev.deflateaccel.bridge.files.WritebackPacer;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * Runs in a child JVM whose class path holds one cassandra-all jar (and the Dropwizard metrics and
 * SLF4J API it needs): publishes statistics into that Cassandra's own metrics registry and reads
 * them back over JMX as the Prometheus exporter would. Prints {@code OK}, or {@code REFUSED} and
 * the cause when the registry refuses the gauges (leaving none behind), or throws.
 */
public final class CassandraMetricsMain {
    private CassandraMetricsMain() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> registryClass = Class.forName(CassandraMetrics.REGISTRY_CLASS);
        publication();
        direct(registryClass);
    }

    /** Stands for the first metric Cassandra registers, which tells the agent the registry is up. */
    public interface MarkerMBean {
        int getValue();
    }

    /** See {@link MarkerMBean}. */
    public static final class Marker implements MarkerMBean {
        @Override
        public int getValue() {
            return 1;
        }
    }

    /**
     * CassandraMetricsPublication as the agent drives it, logging at log_level 1 (the default):
     * published before Cassandra registered anything, it waits; once a Cassandra metric exists it
     * publishes, quietly (or, on 6.0, warns once that the registry refused, in a line that says
     * what the operator loses and where the statistics are); a reload re-publishes; withdraw
     * removes everything.
     */
    private static void publication() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        AccelLog log = AccelLog.to(utf8PrintStream(logged), AccelLog.ERROR);
        StatisticsRegistry stats = new StatisticsRegistry();
        stats.of("libdeflate", Direction.COMPRESS).completed(10, 4);
        ObjectName ops = new ObjectName(CassandraMetrics.objectName("libdeflate", "compress", "Operations"));

        CassandraMetricsPublication.publish(ByteBuddyAgent.install(), stats, pacer(), log);
        Thread.sleep(1_200); // the waiter looks once a second
        if (server.isRegistered(ops) || !utf8(logged).isEmpty()) {
            throw new AssertionError("published before Cassandra registered a metric: " + logged);
        }
        server.registerMBean(new Marker(), new ObjectName(CassandraMetrics.GROUP + ":type=Storage,name=Marker"));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!server.isRegistered(ops) && logged.size() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(1_200); // a second line would show by now
        List<String> lines = lines(utf8(logged)).collect(Collectors.toList());
        if (!server.isRegistered(ops)) {
            if (lines.size() != 1 || !lines.get(0).contains(" WARN ") || !lines.get(0).contains("takes only its own metric groups")
                    || !lines.get(0).contains(StatisticsRegistry.DOMAIN) || !lines.get(0).contains("jmx_exporter-deflate-accel.yml")) {
                throw new AssertionError("not published, and not one warning for the known reason that says what it means: "
                        + lines);
            }
            System.out.println("PUBLICATION REFUSED, WARNED ONCE: " + lines.get(0));
            CassandraMetricsPublication.withdraw();
            return;
        }
        if (!lines.isEmpty()) {
            throw new AssertionError("a publication that worked logs nothing at log_level 1: " + lines);
        }
        expect(server.getAttribute(ops, "Value"), 1L, ops);
        ObjectName paced = new ObjectName(CassandraMetrics.writebackObjectName("Calls"));
        expect(server.getAttribute(paced, "Value"), 0L, paced);
        StatisticsRegistry reloaded = new StatisticsRegistry();
        reloaded.of("libdeflate", Direction.COMPRESS);
        CassandraMetricsPublication.publish(null, reloaded, pacer(), log);
        expect(server.getAttribute(ops, "Value"), 0L, ops);
        CassandraMetricsPublication.withdraw();
        if (!server.queryNames(new ObjectName(CassandraMetrics.OBJECT_NAME_PATTERN), null).isEmpty()) {
            throw new AssertionError("gauges left after withdraw");
        }
        System.out.println("PUBLICATION OK: " + ops);
    }

    private static void direct(Class<?> registryClass) throws Exception {
        CassandraMetrics metrics = CassandraMetrics.bind(registryClass);
        StatisticsRegistry stats = new StatisticsRegistry();
        EngineStatistics libdeflate = stats.of("libdeflate", Direction.COMPRESS);
        stats.of("cassandra", Direction.DECOMPRESS);
        WritebackPacer pacer = pacer();
        try {
            metrics.publish(stats, pacer);
        } catch (java.lang.reflect.InvocationTargetException e) {
            // Cassandra 6.0: the registry takes only its own groups. Nothing may be left behind.
            metrics.withdraw();
            if (!ManagementFactory.getPlatformMBeanServer()
                    .queryNames(new ObjectName(CassandraMetrics.OBJECT_NAME_PATTERN), null).isEmpty() || metrics.size() != 0) {
                throw new AssertionError("gauges left in Cassandra's registry after a refused publish");
            }
            System.out.println("REFUSED " + e.getCause());
            return;
        }

        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName ops = new ObjectName(CassandraMetrics.objectName("libdeflate", "compress", "Operations"));
        ObjectName busy = new ObjectName(CassandraMetrics.objectName("libdeflate", "compress", "FallbacksContextsBusy"));
        ObjectName stock = new ObjectName(CassandraMetrics.objectName("cassandra", "decompress", "Operations"));
        expect(server.getAttribute(ops, "Value"), 0L, ops);
        libdeflate.completed(100, 40);
        libdeflate.completed(100, 41);
        libdeflate.fellBack(FallbackReason.CONTEXTS_BUSY);
        expect(server.getAttribute(ops, "Value"), 2L, ops);
        expect(server.getAttribute(new ObjectName(CassandraMetrics.objectName("libdeflate", "compress", "BytesOut")), "Value"), 81L, ops);
        expect(server.getAttribute(busy, "Value"), 1L, busy);
        expect(server.getAttribute(stock, "Value"), 0L, stock);
        // Pacing's gauges read the pacer: 3 MiB written in steps of 1 MiB, paced every MiB, from the first step on.
        ObjectName pacedBytes = new ObjectName(CassandraMetrics.writebackObjectName("Bytes"));
        ObjectName pacedCalls = new ObjectName(CassandraMetrics.writebackObjectName("Calls"));
        expect(server.getAttribute(pacedBytes, "Value"), 0L, pacedBytes);
        Object writer = new Object();
        for (long mib = 1; mib <= 3; mib++) {
            pacer.written(writer, mib << 20, () -> 42);
        }
        expect(server.getAttribute(pacedBytes, "Value"), 2L << 20, pacedBytes);
        expect(server.getAttribute(pacedCalls, "Value"), 2L, pacedCalls);
        int expected = 2 * 2 * EngineStatistics.counters().size() + CassandraMetrics.writebackCounters(pacer).size();
        if (metrics.size() != expected) {
            throw new AssertionError(metrics.size() + " gauges, expected " + expected);
        }

        // A reload publishes a new registry: the names stay, the values are the new counters'.
        StatisticsRegistry next = new StatisticsRegistry();
        next.of("libdeflate", Direction.COMPRESS).completed(1, 1);
        metrics.publish(next, pacer);
        expect(server.getAttribute(ops, "Value"), 1L, ops);
        if (server.isRegistered(stock)) {
            throw new AssertionError(stock + " is still registered after a reload without that engine");
        }

        metrics.withdraw();
        if (server.isRegistered(ops) || !server.queryNames(new ObjectName(CassandraMetrics.OBJECT_NAME_PATTERN), null).isEmpty()) {
            throw new AssertionError("gauges left in Cassandra's registry after withdraw");
        }
        System.out.println("OK " + registryClass.getProtectionDomain().getCodeSource().getLocation());
    }

    /**
     * A pacer every MiB over a Writeback that only answers 0: the gauges' plumbing is under test
     * here; WritebackPacerTest runs the pacer against the real libc calls.
     */
    private static WritebackPacer pacer() {
        WritebackPacer pacer = new WritebackPacer(new Writeback() {
            @Override
            public int startWriteback(int fd, long offset, long length) {
                return 0;
            }

            @Override
            public int awaitWriteback(int fd, long offset, long length, boolean drop) {
                return 0;
            }
        }, true);
        pacer.configure(1 << 20, false, warning -> {
            throw new AssertionError(warning);
        });
        return pacer;
    }

    private static void expect(Object actual, long expected, ObjectName name) {
        if (!(actual instanceof Long) || (Long) actual != expected) {
            throw new AssertionError(name + " Value=" + actual + ", expected " + expected);
        }
    }
}
