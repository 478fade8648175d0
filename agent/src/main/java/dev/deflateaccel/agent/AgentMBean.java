package dev.deflateaccel.agent;

/**
 * JMX view of the agent itself, registered as {@code dev.deflateaccel:type=Agent} when the agent
 * weaves DeflateCompressor (beside the per-engine {@code EngineStatistics}). Read-only; add an
 * attribute here and in {@link AgentInfo}.
 */
public interface AgentMBean {
    /** This build's version, as in the jar manifest's Implementation-Version. */
    String getVersion();
}
