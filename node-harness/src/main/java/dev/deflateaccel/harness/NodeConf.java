package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Lays out a node's release directory for one start: bin/ (the stock scripts), lib/ (a link to the
 * jars) and conf/ as a fresh copy of the stock files, then the edits an operator running several
 * nodes on one machine would make - addresses, ports and seeds in cassandra.yaml, the scenario's
 * yaml settings, the node's own JMX port on the {@code JMX_PORT=} line of cassandra-env.sh (stock
 * hard-codes 7199), JMX password and access files when asked, and, with the agent, one
 * {@code -javaagent} line appended to jvm-server.options (or handed back for JVM_EXTRA_OPTS) plus
 * the agent's config file unless the scenario keeps its own. Starting from the stock copy every time means
 * no edit survives into a start that did not ask for it.
 */
final class NodeConf {

    static final String CLUSTER_NAME = "deflate-accel it";
    private static final Pattern JMX_PORT_LINE = Pattern.compile("^JMX_PORT=\"?\\d+\"?\\s*$");

    private NodeConf() {
    }

    /** Lays out the conf for one start; returns what goes into the JVM_EXTRA_OPTS variable. */
    static List<String> write(CassandraDistribution distribution, NodeLayout layout, NodePorts ports,
                              List<String> seeds, NodeSettings settings, Optional<Path> agentJar) {
        distribution.copyStockBin(layout.bin());
        linkLib(layout.lib(), distribution.lib());
        distribution.copyStockConf(layout.conf());
        setJmxPort(layout.conf().resolve("cassandra-env.sh"), ports.jmx());
        Map<String, String> yaml = new java.util.LinkedHashMap<>(settings.yaml());
        settings.jmxAuthentication().ifPresent(auth -> {
            auth.writeFiles(layout.conf());
            editEnv(layout.conf().resolve("cassandra-env.sh"), lines -> auth.editEnv(lines, layout.conf()));
            yaml.putAll(auth.yaml());
        });
        writeYaml(layout.conf().resolve("cassandra.yaml"), ports, seeds, yaml);
        for (String option : settings.jvmOptions()) {
            appendLine(layout.conf().resolve("jvm-server.options"), option);
        }
        List<String> jvmExtraOpts = new ArrayList<>(settings.jvmExtraOpts());
        if (settings.agent().isPresent()) {
            Path jar = agentJar.orElseThrow(() -> new IllegalStateException("agent settings without an agent jar"));
            Path configFile = settings.agentConfigFile().orElse(layout.agentConfig());
            if (settings.agentConfigFile().isEmpty()) {
                AgentConfig config = settings.agent().get();
                if (!config.has(AgentConfig.LOG_FILE)) {
                    // The agent's own log, next to system.log, so scenarios can read its warnings.
                    config = config.with(AgentConfig.LOG_FILE, layout.agentLog().toString());
                }
                writeString(configFile, config.render());
            }
            String agentOption = "-javaagent:" + jar + "=config=" + configFile;
            if (settings.agentLine() == NodeSettings.AgentLine.JVM_EXTRA_OPTS) {
                jvmExtraOpts.add(agentOption);
            } else {
                appendLine(layout.conf().resolve("jvm-server.options"), agentOption);
            }
        }
        return jvmExtraOpts;
    }

    private static void linkLib(Path link, Path jars) {
        try {
            if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(jars)) {
                return;
            }
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, jars);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot link " + link + " to " + jars, e);
        }
    }

    private static void setJmxPort(Path env, int port) {
        editEnv(env, lines -> withJmxPort(lines, port));
    }

    private static void editEnv(Path env, java.util.function.UnaryOperator<List<String>> edit) {
        try {
            Files.write(env, edit.apply(Files.readAllLines(env, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot edit " + env, e);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(env + ": " + e.getMessage(), e);
        }
    }

    /** cassandra-env.sh with its one {@code JMX_PORT=} line ({@code JMX_PORT="7199"} in stock 5.0 and 6.0) set to port. */
    static List<String> withJmxPort(List<String> cassandraEnv, int port) {
        List<String> lines = new ArrayList<>(cassandraEnv);
        int edited = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (JMX_PORT_LINE.matcher(lines.get(i)).matches()) {
                lines.set(i, "JMX_PORT=\"" + port + "\"");
                edited++;
            }
        }
        if (edited != 1) {
            throw new IllegalStateException(edited + " JMX_PORT= lines, expected exactly one");
        }
        return lines;
    }

    private static void writeYaml(Path yaml, NodePorts ports, List<String> seeds, Map<String, String> edits) {
        try {
            YamlEditor editor = new YamlEditor(Files.readAllLines(yaml, StandardCharsets.UTF_8))
                    .put("cluster_name", "'" + CLUSTER_NAME + "'")
                    .put("listen_address", ports.address())
                    .put("rpc_address", ports.address())
                    .put("storage_port", Integer.toString(ports.storage()))
                    .put("native_transport_port", Integer.toString(ports.nativeTransport()))
                    .put("seed_provider", seedProvider(seeds));
            for (Map.Entry<String, String> edit : edits.entrySet()) {
                if (edit.getValue() == null) {
                    editor.remove(edit.getKey());
                } else {
                    editor.put(edit.getKey(), edit.getValue());
                }
            }
            Files.write(yaml, editor.lines(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot edit " + yaml, e);
        }
    }

    private static String seedProvider(List<String> seeds) {
        return "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n"
                + "    parameters:\n"
                + "      - seeds: \"" + String.join(",", seeds) + "\"\n";
    }

    private static void writeString(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void appendLine(Path file, String line) {
        try {
            String existing = Files.readString(file, StandardCharsets.UTF_8);
            String prefix = existing.endsWith("\n") ? "" : "\n";
            Files.writeString(file, prefix + "# Added like an operator would: deflate-accel\n" + line + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }
}
