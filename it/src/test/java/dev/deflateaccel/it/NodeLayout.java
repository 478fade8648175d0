package dev.deflateaccel.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The directories and files of one node, all under its own root directory. */
final class NodeLayout {

    static final String NODES_DIR_PROPERTY = "deflateaccel.nodes.dir";

    private final Path root;

    private NodeLayout(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** Where nodes get their directories: it/target/it-nodes for the ITs (set by the POM). */
    static Path nodesDir() {
        return Path.of(System.getProperty(NODES_DIR_PROPERTY, "target/it-nodes")).toAbsolutePath();
    }

    /** A fresh node: whatever a previous run left in {@code root} is deleted first. */
    static NodeLayout createFresh(Path root) {
        Files2.deleteRecursively(root);
        NodeLayout layout = new NodeLayout(root);
        try {
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

    Path root() {
        return root;
    }

    Path conf() {
        return root.resolve("conf");
    }

    /** -Dcassandra.storagedir: data/, commitlog/, hints/, saved_caches/ go below it. */
    Path storage() {
        return root.resolve("storage");
    }

    /** Where SSTables of keyspace {@code ks}, table {@code table} live (table dir has an id suffix). */
    Path tableDataParent(String keyspace) {
        return storage().resolve("data").resolve(keyspace);
    }

    Path logs() {
        return root.resolve("logs");
    }

    Path systemLog() {
        return logs().resolve("system.log");
    }

    /** The JVM's own stdout/stderr: start-up failures before logback and kill -3 dumps land here. */
    Path processOutput() {
        return logs().resolve("stdout.log");
    }

    Path agentLog() {
        return logs().resolve("agent.log");
    }

    Path agentDir() {
        return root.resolve("agent");
    }

    Path agentConfig() {
        return agentDir().resolve("zlib-accel.conf");
    }
}
