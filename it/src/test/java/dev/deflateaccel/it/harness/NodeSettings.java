package dev.deflateaccel.it.harness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a node is started with beyond the stock conf: the agent line in jvm-server.options (or
 * not) and a few cassandra.yaml edits. Equal settings mean a running node can be reused as is.
 */
public final class NodeSettings {

    private final Optional<AgentConfig> agent;
    private final Map<String, String> yaml;

    private NodeSettings(Optional<AgentConfig> agent, Map<String, String> yaml) {
        this.agent = agent;
        this.yaml = Collections.unmodifiableMap(yaml);
    }

    public static NodeSettings stock() {
        return new NodeSettings(Optional.empty(), new LinkedHashMap<>());
    }

    public static NodeSettings withAgent(AgentConfig config) {
        return new NodeSettings(Optional.of(config), new LinkedHashMap<>());
    }

    /** A cassandra.yaml edit; see {@link YamlEditor#put}. A null value removes the key. */
    public NodeSettings yaml(String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(yaml);
        copy.put(key, value);
        return new NodeSettings(agent, copy);
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
        return agent.equals(other.agent) && yaml.equals(other.yaml);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agent, yaml);
    }

    @Override
    public String toString() {
        return (agent.map(a -> "agent (" + a.description() + ")").orElse("no agent"))
                + (yaml.isEmpty() ? "" : ", cassandra.yaml " + yaml.keySet());
    }
}
