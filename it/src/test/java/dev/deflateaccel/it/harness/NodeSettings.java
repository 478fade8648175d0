package dev.deflateaccel.it.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a node is started with beyond the stock conf: the agent line in jvm-server.options (or
 * not), other JVM options there, and a few cassandra.yaml edits. Equal settings mean a running
 * node can be reused as is.
 */
public final class NodeSettings {

    private final Optional<AgentConfig> agent;
    private final Map<String, String> yaml;
    private final List<String> jvmOptions;

    private NodeSettings(Optional<AgentConfig> agent, Map<String, String> yaml, List<String> jvmOptions) {
        this.agent = agent;
        this.yaml = Collections.unmodifiableMap(yaml);
        this.jvmOptions = Collections.unmodifiableList(jvmOptions);
    }

    public static NodeSettings stock() {
        return new NodeSettings(Optional.empty(), new LinkedHashMap<>(), List.of());
    }

    public static NodeSettings withAgent(AgentConfig config) {
        return new NodeSettings(Optional.of(config), new LinkedHashMap<>(), List.of());
    }

    /** A cassandra.yaml edit; see {@link YamlEditor#put}. A null value removes the key. */
    public NodeSettings yaml(String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(yaml);
        copy.put(key, value);
        return new NodeSettings(agent, copy, jvmOptions);
    }

    /** A line appended to jvm-server.options, such as a system property. */
    public NodeSettings jvmOption(String option) {
        List<String> copy = new ArrayList<>(jvmOptions);
        copy.add(option);
        return new NodeSettings(agent, yaml, copy);
    }

    public List<String> jvmOptions() {
        return jvmOptions;
    }

    public Optional<AgentConfig> agent() {
        return agent;
    }

    public Map<String, String> yaml() {
        return yaml;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NodeSettings)) {
            return false;
        }
        NodeSettings other = (NodeSettings) o;
        return agent.equals(other.agent) && yaml.equals(other.yaml) && jvmOptions.equals(other.jvmOptions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agent, yaml, jvmOptions);
    }

    @Override
    public String toString() {
        return (agent.map(a -> "agent (" + a.description() + ")").orElse("no agent"))
                + (yaml.isEmpty() ? "" : ", cassandra.yaml " + yaml.keySet())
                + (jvmOptions.isEmpty() ? "" : ", JVM " + jvmOptions);
    }
}
