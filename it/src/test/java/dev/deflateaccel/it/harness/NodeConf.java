package dev.deflateaccel.it.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a node's conf/ for one start: a fresh copy of the stock files, then the edits an operator
 * would make - addresses, ports and seeds in cassandra.yaml, the scenario's yaml settings, and,
 * with the agent, one {@code -javaagent} line appended to jvm-server.options plus the agent's
 * config file. Starting from the stock copy every time means no edit survives into a start that
 * did not ask for it.
 */
final class NodeConf {

    static final String CLUSTER_NAME = "deflate-accel it";

    private NodeConf() {
    }

    static void write(CassandraDistribution distribution, NodeLayout layout, NodePorts ports,
                      List<String> seeds, NodeSettings settings, Optional<Path> agentJar) {
        distribution.copyStockConf(layout.conf());
        writeYaml(layout.conf().resolve("cassandra.yaml"), ports, seeds, settings.yaml());
        if (settings.agent().isPresent()) {
            Path jar = agentJar.orElseThrow(() -> new IllegalStateException("agent settings without an agent jar"));
            AgentConfig config = settings.agent().get();
            if (!config.has(AgentConfig.LOG_FILE)) {
                // The agent's own log, next to system.log, so scenarios can read its warnings.
                config = config.with(AgentConfig.LOG_FILE, layout.agentLog().toString());
            }
            writeString(layout.agentConfig(), config.render());
            appendLine(layout.conf().resolve("jvm-server.options"),
                    "-javaagent:" + jar + "=config=" + layout.agentConfig());
        }
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
