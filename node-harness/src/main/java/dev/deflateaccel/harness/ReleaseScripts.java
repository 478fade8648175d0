package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A node's own {@code bin/cassandra} and {@code bin/nodetool}, run the way an operator runs them
 * from an unpacked release: {@code CASSANDRA_HOME} is the node's directory, {@code CASSANDRA_CONF}
 * its conf/, {@code JAVA_HOME} the JDK running this harness (so {@code mvn verify} on JDK 11 tests
 * Cassandra on 11). What the scripts build from that (jvm*-server.options, cassandra-env.sh, the
 * class path) is theirs, not ours.
 */
final class ReleaseScripts {

    /** cassandra-env.sh's heap: small, since up to four nodes share this machine; set in pairs as it asks. */
    static final String MAX_HEAP_SIZE = "512M";
    static final String HEAP_NEWSIZE = "128M";
    /**
     * Test-only start-up shortcut for a machine where nodes start one after another anyway;
     * bin/cassandra appends JVM_EXTRA_OPTS to the JVM options.
     */
    static final String SKIP_GOSSIP_SETTLE = "-Dcassandra.skip_wait_for_gossip_to_settle=0";
    /**
     * Where a node stands in gossip, which sets two start-up options: its ring delay and how long
     * its shutdown waits for peers to hear it is going.
     */
    enum Gossip {
        /** A single node, its own seed, with no peers. */
        ALONE,
        /** The seed of a cluster: the first node up, which others join. */
        SEED,
        /** A node that joins a seed. */
        JOINING;

        /**
         * The ring delay. A node that is its own seed has nothing to wait for, so a short one
         * saves a single node about 30 s of start-up. A joining node sleeps the ring delay and
         * then fails with "Unable to contact any seeds" (exit 3) unless gossip has meanwhile
         * exchanged state with a seed; its shadow round also gives up after the ring delay. One
         * second left a single gossip round (every second) to open the connection to the seed
         * and get its answer, which a busy 2-core machine sometimes did not make
         * (MixedClusterIT's third node, twice). Ten seconds is ten rounds; a joining node pays it
         * once, a seed or a single node not at all.
         */
        int ringDelayMs() {
            return this == JOINING ? 10_000 : 1_000;
        }

        /**
         * The start-up options for this role. A node alone also skips the 2 s its shutdown
         * sleeps after announcing it to peers it does not have (Gossiper.stop, in 4.0 to 6.0):
         * the node tests stop and start single nodes some 30 times. Nodes of a cluster keep it,
         * since their peers are what it is for.
         */
        List<String> options() {
            List<String> options = new ArrayList<>(List.of("-Dcassandra.ring_delay_ms=" + ringDelayMs(), SKIP_GOSSIP_SETTLE));
            if (this == ALONE) {
                options.add("-Dcassandra.shutdown_announce_in_ms=0");
            }
            return options;
        }
    }
    /**
     * Inherited variables the scripts would pick up, so a developer's shell could change what the
     * node runs; the JDK's option variables would also print a "Picked up" line into stdout.log.
     */
    private static final List<String> NOT_INHERITED = List.of(
            "CASSANDRA_HOME", "CASSANDRA_CONF", "CASSANDRA_INCLUDE", "CASSANDRA_LOG_DIR", "CASSANDRA_HEAPDUMP_DIR",
            "CLASSPATH", "EXTRA_CLASSPATH", "JVM_OPTS", "JAVA_OPTS", "JVM_EXTRA_OPTS", "LOCAL_JMX", "JMX_PORT",
            "MAX_HEAP_SIZE", "HEAP_NEWSIZE", "MX4J_ADDRESS", "MX4J_PORT", "CASSANDRA_JDK_UNSUPPORTED",
            "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private ReleaseScripts() {
    }

    /**
     * {@code bin/cassandra -f} (and {@code -R} when this runs as root, which bin/cassandra refuses
     * otherwise). With -f the script execs java, so the process started is the node's JVM: its pid
     * is Cassandra's, and SIGTERM reaches Cassandra's shutdown hook. {@code extraOpts} go after
     * the harness's own start-up options (which depend on the node's {@code gossip} role);
     * {@code remoteJmx} sets LOCAL_JMX=no, cassandra-env.sh's remote JMX with authentication.
     */
    static ProcessBuilder cassandra(NodeLayout layout, JavaRuntime java, List<String> extraOpts, boolean remoteJmx,
                                    Gossip gossip) {
        List<String> command = new ArrayList<>(List.of(layout.bin().resolve("cassandra").toString(), "-f"));
        if (runsAsRoot()) {
            command.add("-R");
        }
        ProcessBuilder builder = new ProcessBuilder(command).directory(layout.root().toFile());
        Map<String, String> env = environment(builder, layout, java);
        env.put("MAX_HEAP_SIZE", MAX_HEAP_SIZE);
        env.put("HEAP_NEWSIZE", HEAP_NEWSIZE);
        List<String> jvmExtraOpts = gossip.options();
        jvmExtraOpts.addAll(extraOpts);
        env.put("JVM_EXTRA_OPTS", String.join(" ", jvmExtraOpts));
        if (remoteJmx) {
            env.put("LOCAL_JMX", "no");
        }
        return builder;
    }

    /**
     * {@code bin/nodetool -h HOST -p PORT args...}; without MAX_HEAP_SIZE, so nodetool takes its
     * own 128m.
     */
    static ProcessBuilder nodetool(NodeLayout layout, JavaRuntime java, String host, int jmxPort, List<String> args) {
        List<String> command = new ArrayList<>(List.of(layout.bin().resolve("nodetool").toString(),
                "-h", host, "-p", Integer.toString(jmxPort)));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(layout.root().toFile());
        environment(builder, layout, java);
        return builder;
    }

    private static Map<String, String> environment(ProcessBuilder builder, NodeLayout layout, JavaRuntime java) {
        Map<String, String> env = builder.environment();
        NOT_INHERITED.forEach(env::remove);
        env.put("CASSANDRA_HOME", layout.root().toString());
        env.put("CASSANDRA_CONF", layout.conf().toString());
        env.put("CASSANDRA_LOG_DIR", layout.logs().toString());
        env.put("JAVA_HOME", java.home().toString());
        return env;
    }

    /** bin/cassandra refuses user id 0 or group id 0 without -R. */
    static boolean runsAsRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if ((line.startsWith("Uid:") || line.startsWith("Gid:")) && line.split("\\s+")[1].equals("0")) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/status", e);
        }
    }
}
