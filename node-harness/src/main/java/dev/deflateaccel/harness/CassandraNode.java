package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * One stock Cassandra node in its own release directory (bin/, conf/, lib/, data/, logs/), on its
 * own loopback address and ports, started with its own {@code bin/cassandra -f} and stopped with
 * SIGTERM, as an operator runs a node. Restarts keep the data directory, which is what several
 * scenarios are about.
 */
public final class CassandraNode implements AutoCloseable {

    public static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    public static final Duration STOP_TIMEOUT = Duration.ofMinutes(2);

    private final String name;
    private final CassandraDistribution distribution;
    /** Not final: an operator moves a node to another Java between two starts ({@link #useJava}). */
    private JavaRuntime java;
    private final Duration startTimeout;
    private final NodeLayout layout;
    private final NodePorts ports;
    private final List<String> seeds;
    /** ALONE for a node made by {@link #single}; a cluster's SEED or JOINING node otherwise. */
    private final ReleaseScripts.Gossip gossip;

    private Process process;
    private NodeSettings settings;
    private CqlSession session;

    /** A node of a cluster whose seeds are {@code seeds}. */
    public CassandraNode(String name, CassandraDistribution distribution, NodeLayout layout, NodePorts ports, List<String> seeds) {
        this(name, distribution, layout, ports, seeds, seeds.equals(List.of(ports.seed())) ? ReleaseScripts.Gossip.SEED
                : ReleaseScripts.Gossip.JOINING, JavaRuntime.current(), START_TIMEOUT);
    }

    private CassandraNode(String name, CassandraDistribution distribution, NodeLayout layout, NodePorts ports,
                          List<String> seeds, ReleaseScripts.Gossip gossip, JavaRuntime java, Duration startTimeout) {
        this.gossip = gossip;
        this.java = java;
        this.startTimeout = startTimeout;
        this.name = name;
        this.distribution = distribution;
        this.layout = layout;
        this.ports = ports;
        this.seeds = List.copyOf(seeds);
    }

    /** A single Cassandra 5.0 node (its own seed) in a fresh directory {@code nodesDir/name}. */
    public static CassandraNode single(String name, Path nodesDir, String address) {
        return single(name, nodesDir, address, CassandraLine.V5_0);
    }

    /** A single node of the given line (its own seed) in a fresh directory {@code nodesDir/name}. */
    public static CassandraNode single(String name, Path nodesDir, String address, CassandraLine line) {
        NodePorts ports = NodePorts.allocate(address);
        return new CassandraNode(name, CassandraDistribution.locate(line), NodeLayout.createFresh(nodesDir.resolve(name)),
                ports, List.of(ports.seed()), ReleaseScripts.Gossip.ALONE, JavaRuntime.current(), START_TIMEOUT);
    }

    /**
     * A single node of the given line whose bin/cassandra and nodetool run on {@code java} (an
     * emulated one's nodetool on this JDK), allowed {@code startTimeout} to serve CQL (an emulated
     * JVM starts slowly).
     */
    public static CassandraNode single(String name, Path nodesDir, String address, CassandraLine line, JavaRuntime java,
                                       Duration startTimeout) {
        NodePorts ports = NodePorts.allocate(address);
        return new CassandraNode(name, CassandraDistribution.locate(line), NodeLayout.createFresh(nodesDir.resolve(name)),
                ports, List.of(ports.seed()), ReleaseScripts.Gossip.ALONE, java, startTimeout);
    }

    public String name() {
        return name;
    }

    /**
     * The Java the next start's bin/cassandra (and from then on nodetool) runs on, as an operator
     * upgrades or changes a node's JVM: only while the node is stopped, its data kept.
     */
    public void useJava(JavaRuntime next) {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(name + " is running: stop it before moving it to another Java");
        }
        this.java = next;
    }

    public NodePorts ports() {
        return ports;
    }

    public NodeLayout layout() {
        return layout;
    }

    public CassandraLine line() {
        return distribution.line();
    }

    /** The node's operating-system process id (for /proc/<pid>/stat CPU accounting). */
    public long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " is not running");
        }
        return process.pid();
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Starts the node unless it already runs with exactly these settings; restarts otherwise. */
    public void ensureRunning(NodeSettings wanted) {
        if (isRunning() && wanted.equals(settings)) {
            return;
        }
        if (isRunning()) {
            stop();
        }
        start(wanted);
    }

    public void start(NodeSettings wanted) {
        if (isRunning()) {
            throw new IllegalStateException(name + " is already running");
        }
        Optional<Path> agentJar = wanted.agent().isPresent() ? Optional.of(AgentJar.locate()) : Optional.empty();
        List<String> jvmExtraOpts = NodeConf.write(distribution, layout, ports, seeds, wanted, agentJar);
        log("starting " + distribution.line() + " (bin/cassandra -f) with " + wanted);
        LogFile.Mark logMark = systemLog().mark();
        long started = System.nanoTime();
        try {
            process = ReleaseScripts.cassandra(layout, java, jvmExtraOpts, wanted.jmxAuthentication().isPresent(), gossip)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(layout.processOutput().toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
        ProcessReaper.register(process);
        settings = wanted;
        awaitCql(logMark);
        String release = releaseVersion();
        log("Cassandra " + release + " serving CQL after " + Duration.ofNanos(System.nanoTime() - started).toSeconds() + " s");
        if (!release.startsWith(distribution.line().version() + ".") && !release.startsWith(distribution.line().version() + "-")) {
            throw new IllegalStateException(name + " runs Cassandra " + release + ", not " + distribution.describe());
        }
    }

    /** Graceful stop (SIGTERM: Cassandra drains on its shutdown hook), SIGKILL if it hangs. */
    public void stop() {
        closeSession();
        if (process == null) {
            return;
        }
        if (process.isAlive()) {
            log("stopping");
            process.destroy();
            if (!waitForExit(STOP_TIMEOUT)) {
                System.err.println("[" + name + "] did not stop within " + STOP_TIMEOUT + "; thread dump:\n"
                        + ThreadDump.of(process, java));
                process.destroyForcibly();
                waitForExit(STOP_TIMEOUT);
            }
        }
        ProcessReaper.forget(process);
        process = null;
    }

    /** SIGKILL, as a crash: no drain, no flush, whatever sits in memory is lost. */
    public void kill() {
        if (process == null) {
            return;
        }
        log("killing (SIGKILL)");
        process.destroyForcibly();
        waitForExit(STOP_TIMEOUT);
        ProcessReaper.forget(process);
        process = null;
        closeSession();
    }

    @Override
    public void close() {
        stop();
    }

    /** A driver session that talks to this node (and discovers its peers). Closed on stop. */
    public CqlSession session() {
        if (session == null) {
            session = Cql.connect(List.of(cqlAddress()),
                    settings == null ? Optional.empty() : settings.jmxAuthentication().flatMap(JmxSecurity::cqlLogin));
        }
        return session;
    }

    /** What the running node says it is: {@code release_version} of system.local, e.g. 5.0.9 or 6.0-alpha2. */
    public String releaseVersion() {
        return session().execute("SELECT release_version FROM system.local").one().getString("release_version");
    }

    public InetSocketAddress cqlAddress() {
        return new InetSocketAddress(ports.address(), ports.nativeTransport());
    }

    public NodeTool nodetool() {
        return new NodeTool(layout, ports.jmx(), java.forTools());
    }

    public EngineStats engineStats() {
        return EngineStatsReader.read(ports.jmx());
    }

    public LogFile systemLog() {
        return new LogFile(layout.systemLog());
    }

    public LogFile agentLog() {
        return new LogFile(layout.agentLog());
    }

    /** Log tails for a failure message: the last system.log and process output lines. */
    public String diagnostics() {
        return "---- " + layout.systemLog() + " (tail) ----\n" + systemLog().tail(40, 300)
                + "\n---- " + layout.processOutput() + " (tail) ----\n" + new LogFile(layout.processOutput()).tail(15, 300)
                + "\n---- " + layout.agentLog() + " (tail) ----\n" + agentLog().tail(15, 300);
    }

    private void awaitCql(LogFile.Mark logMark) {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                int exit = process.exitValue();
                ProcessReaper.forget(process);
                process = null;
                // The cause sits far above the drain lines of the shutdown hook that a tail shows.
                throw new IllegalStateException(name + " died during start-up (exit " + exit + "); its ERROR lines:\n"
                        + systemLog().errorsWithCauseSince(logMark, 3, 300) + "\n" + diagnostics());
            }
            if (acceptsConnections()) {
                try {
                    session().execute("SELECT release_version FROM system.local");
                    return;
                } catch (RuntimeException notYet) {
                    closeSession();
                }
            }
            sleep(500);
        }
        String dump = ThreadDump.of(process, java);
        String diagnostics = diagnostics();
        kill();
        throw new IllegalStateException(name + " did not serve CQL within " + startTimeout + "\n" + diagnostics
                + "\n---- thread dump ----\n" + dump);
    }

    private boolean acceptsConnections() {
        try (Socket socket = new Socket()) {
            socket.connect(cqlAddress(), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private boolean waitForExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void closeSession() {
        if (session != null) {
            try {
                session.closeAsync().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                session.forceCloseAsync();
            }
            session = null;
        }
    }

    private void log(String message) {
        System.out.println("[" + name + " " + ports + "] " + message);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
