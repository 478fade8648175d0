package dev.deflateaccel.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a node is started with beyond the stock conf: the agent (or not) and where its line goes,
 * other JVM options, a few cassandra.yaml edits, and JMX authentication. Equal settings mean a
 * running node can be reused as is.
 */
public final class NodeSettings {

    /** Where the {@code -javaagent} line goes: the two places an operator (or an image) puts it. */
    public enum AgentLine {
        /** Appended to conf/jvm-server.options, as on a package or tarball install. */
        JVM_SERVER_OPTIONS,
        /** In the JVM_EXTRA_OPTS variable, which stock cassandra-env.sh appends: the official image's way. */
        JVM_EXTRA_OPTS
    }

    private final Optional<AgentConfig> agent;
    private final AgentLine agentLine;
    /** The agent's config file when the scenario owns it (a ConfigMap mount); empty: the harness writes one. */
    private final Optional<Path> agentConfigFile;
    private final Map<String, String> yaml;
    private final List<String> jvmOptions;
    private final List<String> jvmExtraOpts;
    private final Optional<JmxSecurity> jmxAuthentication;

    private NodeSettings(Optional<AgentConfig> agent, AgentLine agentLine, Optional<Path> agentConfigFile,
                         Map<String, String> yaml, List<String> jvmOptions, List<String> jvmExtraOpts,
                         Optional<JmxSecurity> jmxAuthentication) {
        this.agent = agent;
        this.agentLine = agentLine;
        this.agentConfigFile = agentConfigFile;
        this.yaml = Collections.unmodifiableMap(yaml);
        this.jvmOptions = Collections.unmodifiableList(jvmOptions);
        this.jvmExtraOpts = Collections.unmodifiableList(jvmExtraOpts);
        this.jmxAuthentication = jmxAuthentication;
    }

    public static NodeSettings stock() {
        return new NodeSettings(Optional.empty(), AgentLine.JVM_SERVER_OPTIONS, Optional.empty(), new LinkedHashMap<>(),
                List.of(), List.of(), Optional.empty());
    }

    public static NodeSettings withAgent(AgentConfig config) {
        return stock().plusAgent(config);
    }

    /** These settings (yaml, JVM options and the rest kept) with the agent on, configured as {@code config}. */
    public NodeSettings plusAgent(AgentConfig config) {
        return agent(Optional.of(config));
    }

    private NodeSettings agent(Optional<AgentConfig> config) {
        return new NodeSettings(config, agentLine, agentConfigFile, yaml, jvmOptions, jvmExtraOpts, jmxAuthentication);
    }

    /** A cassandra.yaml edit; see {@link YamlEditor#put}. A null value removes the key. */
    public NodeSettings yaml(String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(yaml);
        copy.put(key, value);
        return new NodeSettings(agent, agentLine, agentConfigFile, copy, jvmOptions, jvmExtraOpts, jmxAuthentication);
    }

    /** A line appended to jvm-server.options, such as a system property. */
    public NodeSettings jvmOption(String option) {
        List<String> copy = new ArrayList<>(jvmOptions);
        copy.add(option);
        return new NodeSettings(agent, agentLine, agentConfigFile, yaml, copy, jvmExtraOpts, jmxAuthentication);
    }

    /**
     * The node records a JFR profile ({@code settings=profile}) into {@code file}, written when it
     * stops; for finding where CPU goes, never for the figures of a comparison.
     */
    public NodeSettings flightRecording(Path file) {
        return jvmOption("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + file);
    }

    /**
     * At exit the node writes {@code /tmp/perf-<pid>.map}, the JIT code's symbols, so that a Linux
     * {@code perf record} taken beside it names Java methods: JFR's Java samples cannot see time
     * spent inside a native library, perf can.
     */
    public NodeSettings perfMap() {
        return jvmOption("-XX:+UnlockDiagnosticVMOptions").jvmOption("-XX:+DumpPerfMapAtExit");
    }

    /** An option added to the JVM_EXTRA_OPTS variable bin/cassandra is started with (another agent, say). */
    public NodeSettings jvmExtraOpt(String option) {
        List<String> copy = new ArrayList<>(jvmExtraOpts);
        copy.add(option);
        return new NodeSettings(agent, agentLine, agentConfigFile, yaml, jvmOptions, copy, jmxAuthentication);
    }

    /** Puts the agent's {@code -javaagent} line into {@code line} instead of jvm-server.options. */
    public NodeSettings agentLine(AgentLine line) {
        return new NodeSettings(agent, line, agentConfigFile, yaml, jvmOptions, jvmExtraOpts, jmxAuthentication);
    }

    /**
     * The agent reads {@code file}, which the scenario writes and changes itself (a ConfigMap
     * mount); the harness then writes no config file. The agent settings only name the run.
     */
    public NodeSettings agentConfigFile(Path file) {
        return new NodeSettings(agent, agentLine, Optional.of(file), yaml, jvmOptions, jvmExtraOpts, jmxAuthentication);
    }

    /** Remote JMX with a login (LOCAL_JMX=no, as cassandra-env.sh offers). */
    public NodeSettings jmxAuthentication(JmxSecurity authentication) {
        return new NodeSettings(agent, agentLine, agentConfigFile, yaml, jvmOptions, jvmExtraOpts, Optional.of(authentication));
    }

    public List<String> jvmOptions() {
        return jvmOptions;
    }

    public List<String> jvmExtraOpts() {
        return jvmExtraOpts;
    }

    public Optional<AgentConfig> agent() {
        return agent;
    }

    public AgentLine agentLine() {
        return agentLine;
    }

    public Optional<Path> agentConfigFile() {
        return agentConfigFile;
    }

    public Map<String, String> yaml() {
        return yaml;
    }

    public Optional<JmxSecurity> jmxAuthentication() {
        return jmxAuthentication;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NodeSettings)) {
            return false;
        }
        NodeSettings other = (NodeSettings) o;
        return agent.equals(other.agent) && agentLine == other.agentLine && agentConfigFile.equals(other.agentConfigFile)
                && yaml.equals(other.yaml) && jvmOptions.equals(other.jvmOptions) && jvmExtraOpts.equals(other.jvmExtraOpts)
                && jmxAuthentication.equals(other.jmxAuthentication);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agent, agentLine, agentConfigFile, yaml, jvmOptions, jvmExtraOpts, jmxAuthentication);
    }

    @Override
    public String toString() {
        return (agent.map(a -> "agent (" + a.description() + ")"
                        + (agentLine == AgentLine.JVM_EXTRA_OPTS ? " in JVM_EXTRA_OPTS" : "")
                        + agentConfigFile.map(f -> ", config " + f).orElse(""))
                    .orElse("no agent"))
                + (yaml.isEmpty() ? "" : ", cassandra.yaml " + yaml.keySet())
                + (jvmOptions.isEmpty() ? "" : ", JVM " + jvmOptions)
                + (jvmExtraOpts.isEmpty() ? "" : ", JVM_EXTRA_OPTS " + jvmExtraOpts)
                + jmxAuthentication.map(a -> ", JMX authentication").orElse("");
    }
}
