package dev.deflateaccel.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

/**
 * A node and its host second by second, read from outside, to tell which resource a slow second
 * of reads waited on (issue 37): the node's CPU by thread group, its disk I/O and compaction
 * progress, its GC pauses and allocation, and the host's pressure stall information, dirty and
 * writeback pages and active file cache, as CASSANDRA-21134 reports them, and the same for the
 * node's memory cgroup when it runs in one (MemoryCgroup), and the time the machine's CPUs did
 * not run at all (VcpuStalls: a VM's host that stops it stops every thread). A signal the host or
 * the node does not give (no /proc/pressure, a JVM without allocation counting) is NaN.
 */
public final class NodeTimeline implements AutoCloseable {

    /** Every signal, in the order of a second's values; the unit is in the name. */
    public static final List<String> SIGNALS = List.of(
            "compaction threads CPU s/s", "request threads CPU s/s", "flush threads CPU s/s", "gc threads CPU s/s",
            "jit threads CPU s/s", "other threads CPU s/s", "compaction read MB/s", "node disk read MB/s",
            "node disk write MB/s", "gc pause ms/s", "allocation MB/s", "cpu pressure some %", "io pressure some %",
            "io pressure full %", "memory pressure some %", "dirty MiB", "writeback MiB", "dirtied MiB/s",
            "active file MiB", "cgroup file cache MiB", "cgroup dirty MiB", "cgroup writeback MiB",
            "vcpu stall ms/s", "vcpu longest stall ms");

    private static final double MB = 1e6;
    private static final double MIB = 1024 * 1024;
    private static final long PAGE = 4096;

    /** One second: its end, seconds after {@link #start}, and each of {@link #SIGNALS}' values. */
    public static final class Second {
        public final double at;
        public final Map<String, Double> values = new LinkedHashMap<>();

        public Second(double at) {
            this.at = at;
        }
    }

    /** Counters and gauges at one instant; a second is the difference of two. */
    private static final class Reading {
        final long nanos = System.nanoTime();
        ThreadGroupCpu.Snapshot threads;
        final Map<String, Double> counters = new HashMap<>();
        final Map<String, Double> gauges = new HashMap<>();
    }

    private final long pid;
    private final JMXConnector jmx;
    private final List<Second> seconds = new ArrayList<>();
    private final Thread sampler = new Thread(this::sample, "node-timeline");
    private final VcpuStalls stalls = VcpuStalls.start();
    private volatile boolean stopped;
    private long startNanos;

    private NodeTimeline(long pid, int jmxPort) {
        this.pid = pid;
        JMXConnector c;
        try {
            c = JMXConnectorFactory.connect(NodePorts.jmxUrl(jmxPort));
        } catch (IOException e) {
            c = null; // the node's JVM signals are NaN then; the host's and /proc's still stand
        }
        this.jmx = c;
        sampler.setDaemon(true);
    }

    /** Starts sampling node {@code pid} (JMX on {@code jmxPort}) once a second from now. */
    public static NodeTimeline start(long pid, int jmxPort) {
        NodeTimeline t = new NodeTimeline(pid, jmxPort);
        t.startNanos = System.nanoTime();
        t.sampler.start();
        return t;
    }

    /** Stops, and returns the seconds sampled. */
    public List<Second> stop() {
        close(); // not under the lock: the sampler takes it to add its last second
        synchronized (this) {
            return new ArrayList<>(seconds);
        }
    }

    @Override
    public void close() {
        stopped = true;
        LockSupport.unpark(sampler);
        try {
            sampler.join(10_000);
            stalls.close(); // after the sampler's last second: a closed meter reads NaN
            if (jmx != null) {
                jmx.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // A node about to stop: nothing to keep from its connection.
        }
    }

    private void sample() {
        try {
            sampleEverySecond();
        } catch (RuntimeException e) {
            // The node went away (its /proc files with it): the timeline ends at the last second read.
        }
    }

    private void sampleEverySecond() {
        Reading previous = read();
        for (long k = 1; !stopped; k++) {
            LockSupport.parkNanos(startNanos + k * 1_000_000_000L - System.nanoTime());
            if (stopped) {
                return;
            }
            Reading now = read();
            Second s = new Second((now.nanos - startNanos) / 1e9);
            double elapsed = (now.nanos - previous.nanos) / 1e9;
            Map<String, Double> cpu = ThreadGroupCpu.secondsBetween(previous.threads, now.threads);
            cpu.forEach((group, seconds) -> s.values.put(group + " threads CPU s/s", seconds / elapsed));
            for (String signal : SIGNALS) {
                Double counter = now.counters.get(signal);
                Double before = previous.counters.get(signal);
                if (counter != null) {
                    s.values.put(signal, before == null ? Double.NaN : Math.max(0, counter - before) / elapsed);
                } else {
                    s.values.putIfAbsent(signal, now.gauges.getOrDefault(signal, Double.NaN));
                }
            }
            synchronized (this) {
                seconds.add(s);
            }
            previous = now;
        }
    }

    /** Counters in the unit of their signal's numerator (a second's rate is their difference per second). */
    private Reading read() {
        Reading r = new Reading();
        r.threads = ThreadGroupCpu.take(pid);
        Map<String, Long> io = keyValues(Paths.get("/proc/" + pid + "/io"), ":");
        counter(r, "node disk read MB/s", io.get("read_bytes"), MB);
        counter(r, "node disk write MB/s", io.get("write_bytes"), MB);
        for (String[] p : new String[][] {{"cpu", "some"}, {"io", "some"}, {"io", "full"}, {"memory", "some"}}) {
            // "some ... total=<us>": the microseconds some (or all) tasks stalled; per second, /1e4 is percent.
            Long total = pressureTotal(p[0], p[1]);
            counter(r, p[0] + " pressure " + p[1] + " %", total, 1e4);
        }
        Map<String, Long> vmstat = keyValues(Paths.get("/proc/vmstat"), " ");
        gauge(r, "dirty MiB", vmstat.get("nr_dirty"), MIB / PAGE);
        gauge(r, "writeback MiB", vmstat.get("nr_writeback"), MIB / PAGE);
        counter(r, "dirtied MiB/s", vmstat.get("nr_dirtied"), MIB / PAGE);
        gauge(r, "active file MiB", keyValues(Paths.get("/proc/meminfo"), ":").get("Active(file)"), 1024);
        // The node's own page cache when it runs in a memory cgroup (MemoryCgroup), the host's otherwise.
        Map<String, Long> cgroup = MemoryCgroup.statOf(pid);
        gauge(r, "cgroup file cache MiB", cgroup.get("total_cache"), MIB);
        gauge(r, "cgroup dirty MiB", cgroup.get("total_dirty"), MIB);
        gauge(r, "cgroup writeback MiB", cgroup.get("total_writeback"), MIB);
        counter(r, "vcpu stall ms/s", stalls.totalMs(), 1);
        r.gauges.put("vcpu longest stall ms", stalls.takeLongestMs());
        readJmx(r);
        return r;
    }

    /** GC pause time, allocation and compaction progress, from the node's own MBeans. */
    private void readJmx(Reading r) {
        if (jmx == null) {
            return;
        }
        // Each on its own: an MBean this node or JVM lacks (TotalThreadAllocatedBytes before JDK 14)
        // leaves that signal NaN and the others read.
        jmxCounter(r, "gc pause ms/s", 1, s -> {
            long pauseMillis = 0;
            for (ObjectName gc : s.queryNames(new ObjectName("java.lang:type=GarbageCollector,name=*"), null)) {
                // JDK 20+'s "G1 Concurrent GC" counts concurrent cycles, which pause nothing.
                if (!gc.getKeyProperty("name").contains("Concurrent")) {
                    pauseMillis += ((Number) s.getAttribute(gc, "CollectionTime")).longValue();
                }
            }
            return pauseMillis;
        });
        jmxCounter(r, "allocation MB/s", MB, s -> (Long) s.getAttribute(new ObjectName("java.lang:type=Threading"),
                "TotalThreadAllocatedBytes"));
        // Per compaction, not cumulative: a compaction that ends takes its bytes with it (clamped at zero).
        jmxCounter(r, "compaction read MB/s", MB, s -> {
            long completed = 0;
            for (Object c : (List<?>) s.getAttribute(new ObjectName("org.apache.cassandra.db:type=CompactionManager"),
                    "Compactions")) {
                Map<?, ?> m = c instanceof Map ? (Map<?, ?>) c : Map.of();
                if ("bytes".equals(m.get("unit")) && m.get("completed") != null) {
                    completed += Long.parseLong(m.get("completed").toString());
                }
            }
            return completed;
        });
    }

    /** What one JMX signal reads from the node's MBean server. */
    private interface JmxRead {
        Number read(MBeanServerConnection s) throws Exception;
    }

    private void jmxCounter(Reading r, String signal, double unit, JmxRead read) {
        try {
            counter(r, signal, read.read(jmx.getMBeanServerConnection()), unit);
        } catch (Exception e) {
            // That signal is NaN this second.
        }
    }

    private static void counter(Reading r, String signal, Number value, double unit) {
        if (value != null) {
            r.counters.put(signal, value.doubleValue() / unit);
        }
    }

    private static void gauge(Reading r, String signal, Long value, double unit) {
        if (value != null) {
            r.gauges.put(signal, value / unit);
        }
    }

    private static Long pressureTotal(String resource, String kind) {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/pressure/" + resource))) {
                if (line.startsWith(kind + " ")) {
                    return Long.parseLong(line.substring(line.indexOf("total=") + 6).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // No PSI on this kernel: NaN.
        }
        return null;
    }

    /** "key<sep> value [unit]" lines; empty when the file cannot be read. */
    static Map<String, Long> keyValues(Path file, String separator) {
        Map<String, Long> values = new HashMap<>();
        try {
            for (String line : new String(Files.readAllBytes(file), StandardCharsets.US_ASCII).split("\n")) {
                int i = line.indexOf(separator);
                if (i > 0) {
                    String[] rest = line.substring(i + 1).trim().split("\\s+");
                    try {
                        values.put(line.substring(0, i).trim(), Long.parseLong(rest[0]));
                    } catch (NumberFormatException notANumber) {
                        // A line of another shape: not a signal.
                    }
                }
            }
        } catch (IOException e) {
            // The process exited, or this kernel lacks the file: its signals are NaN.
        }
        return values;
    }
}
