package dev.deflateaccel.harness;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

/**
 * Watches a node's compaction backlog over JMX while a load keeps running, to find when the
 * compactions a phase left behind are done: Cassandra's {@code Compaction.PendingTasks} gauge counts
 * the strategies' estimated remaining tasks plus the compactions running. Polled four times a second
 * on one open connection; nodetool would start a JVM per poll inside the measured window.
 */
public final class PendingCompactions implements AutoCloseable {

    private static final long POLL_MILLIS = 250;
    private static final String GAUGE = "org.apache.cassandra.metrics:type=Compaction,name=PendingTasks";

    private final JMXConnector connector;
    private final ObjectName gauge;
    private final Thread poller = new Thread(this::poll, "pending-compactions");
    private long sinceNanos;
    private volatile long firstNoneNanos = -1;
    private volatile String error;

    /** Connects; the watch starts with {@link #start()}, so that connecting costs the measured time nothing. */
    public PendingCompactions(CassandraNode node) {
        try {
            this.connector = JMXConnectorFactory.connect(NodePorts.jmxUrl(node.ports().jmx()));
            this.gauge = new ObjectName(GAUGE);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the node's pending compactions over JMX: " + e, e);
        }
        poller.setDaemon(true);
    }

    /**
     * The gauge's value now, in one JMX read (nodetool compactionstats prints the same gauge, but
     * starts a JVM beside the node's work); -1 if the node cannot be read.
     */
    public static int now(CassandraNode node) {
        try (JMXConnector c = JMXConnectorFactory.connect(NodePorts.jmxUrl(node.ports().jmx()))) {
            return ((Number) c.getMBeanServerConnection().getAttribute(new ObjectName(GAUGE), "Value")).intValue();
        } catch (Exception e) {
            return -1;
        }
    }

    /** Starts watching; {@link #secondsUntilNone()} counts from now. */
    public void start() {
        sinceNanos = System.nanoTime();
        poller.start();
    }

    private void poll() {
        try {
            MBeanServerConnection s = connector.getMBeanServerConnection();
            while (firstNoneNanos < 0 && !Thread.currentThread().isInterrupted()) {
                if (((Number) s.getAttribute(gauge, "Value")).longValue() == 0) {
                    firstNoneNanos = System.nanoTime();
                    return;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            error = e.toString();
        }
    }

    /**
     * Seconds from the start of the watch to the first poll that saw no compaction pending, or NaN if
     * none did yet; a failed poll fails the run rather than report a backlog it did not see end.
     */
    public double secondsUntilNone() {
        if (error != null) {
            throw new IllegalStateException("reading the node's pending compactions over JMX failed: " + error);
        }
        long t = firstNoneNanos;
        return t < 0 ? Double.NaN : (t - sinceNanos) / 1e9;
    }

    /** Seconds since {@link #start()}. */
    public double secondsSinceStart() {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }

    @Override
    public void close() {
        poller.interrupt();
        try {
            poller.join(5_000);
            connector.close();
        } catch (Exception e) {
            // Closing a JMX connection to a node about to stop: nothing to keep.
        }
    }
}
