package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The directories and files of one node, all under its own root directory, laid out like an
 * unpacked release that is also {@code CASSANDRA_HOME}: {@code bin/}, {@code conf/}, {@code lib/}
 * (a link to the jars), and what the node writes, {@code data/} and {@code logs/}.
 */
public final class NodeLayout {

    public static final String NODES_DIR_PROPERTY = "deflateaccel.nodes.dir";

    private final Path root;

    private NodeLayout(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** Where nodes get their directories: it/target/it-nodes for the ITs (set by its POM), lab/target/&lt;program&gt; for the lab's node programs. */
    public static Path nodesDir() {
        return Path.of(System.getProperty(NODES_DIR_PROPERTY, "target/it-nodes")).toAbsolutePath();
    }

    /** A fresh node: whatever a previous run left in {@code root} is deleted first. */
    public static NodeLayout createFresh(Path root) {
        Files2.deleteRecursively(root);
        NodeLayout layout = new NodeLayout(root);
        try {
            Files.createDirectories(layout.bin());
            Files.createDirectories(layout.conf());
            Files.createDirectories(layout.storage());
            Files.createDirectories(layout.logs());
            Files.createDirectories(layout.agentDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create node directories under " + root, e);
        }
        if (root.toString().matches(".*\\s.*")) {
            // bin/cassandra splits jvm-server.options on white space, so the agent line could not
            // carry such a path either.
            throw new IllegalStateException("node directory must not contain white space: " + root);
        }
        return layout;
    }

    public Path root() {
        return root;
    }

    /** The stock scripts: bin/cassandra, bin/nodetool, ... */
    public Path bin() {
        return root.resolve("bin");
    }

    public Path conf() {
        return root.resolve("conf");
    }

    /** A symbolic link to the release's (or Maven's) lib/; bin/cassandra puts lib/*.jar on the class path. */
    public Path lib() {
        return root.resolve("lib");
    }

    /**
     * -Dcassandra.storagedir, which bin/cassandra sets to $CASSANDRA_HOME/data: data/, commitlog/,
     * hints/, saved_caches/ go below it.
     */
    public Path storage() {
        return root.resolve("data");
    }

    /** Where SSTables of keyspace {@code ks}, table {@code table} live (table dir has an id suffix). */
    public Path tableDataParent(String keyspace) {
        return storage().resolve("data").resolve(keyspace);
    }

    public Path logs() {
        return root.resolve("logs");
    }

    public Path systemLog() {
        return logs().resolve("system.log");
    }

    /**
     * bin/cassandra's and the JVM's stdout/stderr (with -f Cassandra also logs to stdout): script
     * errors, start-up failures before logback and kill -3 dumps land here.
     */
    public Path processOutput() {
        return logs().resolve("stdout.log");
    }

    public Path agentLog() {
        return logs().resolve("agent.log");
    }

    public Path agentDir() {
        return root.resolve("agent");
    }

    public Path agentConfig() {
        return agentDir().resolve("zlib-accel.conf");
    }
}
