package dev.deflateaccel.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * Several nodes on 127.0.0.1, .2, .3 ... (Linux routes all of 127.0.0.0/8 to loopback), the
 * first one the seed. Nodes are started one after another, each joining the ring before the next
 * starts, as Cassandra requires for bootstrapping.
 */
public final class CassandraCluster implements AutoCloseable {

    public static final Duration ALL_UP_TIMEOUT = Duration.ofMinutes(2);

    private final List<CassandraNode> nodes;
    private CqlSession session;

    private CassandraCluster(List<CassandraNode> nodes) {
        this.nodes = nodes;
    }

    public static CassandraCluster create(String name, Path nodesDir, int size) {
        CassandraDistribution distribution = CassandraDistribution.locate();
        List<NodePorts> ports = new ArrayList<>();
        for (int i = 1; i <= size; i++) {
            ports.add(NodePorts.allocate("127.0.0." + i));
        }
        List<String> seeds = List.of(ports.get(0).seed());
        List<CassandraNode> nodes = new ArrayList<>();
        for (int i = 1; i <= size; i++) {
            String nodeName = name + "-n" + i;
            nodes.add(new CassandraNode(nodeName, distribution, NodeLayout.createFresh(nodesDir.resolve(nodeName)),
                    ports.get(i - 1), seeds));
        }
        return new CassandraCluster(nodes);
    }

    public CassandraNode node(int oneBased) {
        return nodes.get(oneBased - 1);
    }

    public List<CassandraNode> nodes() {
        return nodes;
    }

    /**
     * Starts node i with settings.get(i), in order, each only once every node started before it
     * sees all of them up and normal. A node serving CQL has joined by its own account, but until
     * the seed's gossip says so too, the next node's bootstrap can find a ring still in movement
     * and refuse to start.
     */
    public void start(List<NodeSettings> settings) {
        for (int i = 0; i < nodes.size(); i++) {
            nodes.get(i).start(settings.get(i));
            awaitAllUp();
        }
    }

    /** Waits until every running node reports every running node "UN" (up, normal) in nodetool status. */
    public void awaitAllUp() {
        List<CassandraNode> running = nodes.stream().filter(CassandraNode::isRunning).collect(Collectors.toList());
        long deadline = System.nanoTime() + ALL_UP_TIMEOUT.toNanos();
        for (CassandraNode observer : running) {
            while (true) {
                String status = observer.nodetool().ok("status");
                boolean allUp = running.stream().allMatch(n -> status.lines()
                        .anyMatch(l -> l.startsWith("UN  " + n.ports().address() + " ")));
                if (allUp) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(observer.name() + " does not see all nodes up:\n" + status);
                }
                Pause.millis(1000);
            }
        }
    }

    /** A session with every node as contact point, for cluster-wide reads and writes. */
    public CqlSession session() {
        if (session == null) {
            session = Cql.connect(nodes.stream().map(CassandraNode::cqlAddress).collect(Collectors.toList()));
        }
        return session;
    }

    public String diagnostics() {
        return nodes.stream().map(n -> "==== " + n.name() + " ====\n" + n.diagnostics()).collect(Collectors.joining("\n"));
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
            session = null;
        }
        for (CassandraNode node : nodes) {
            node.stop();
        }
    }

}
