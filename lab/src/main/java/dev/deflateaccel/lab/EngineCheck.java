package dev.deflateaccel.lab;

import java.lang.management.ManagementFactory;
import java.util.Set;

import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Proves, inside a benchmark fork, which code actually served the compressor calls. Without it a
 * misrouted agent (engine library not found, config key misspelt, every call falling back) would
 * quietly benchmark Cassandra's stock path under an agent label.
 *
 * Reads the agent's statistics MBeans
 * {@code dev.deflateaccel:type=EngineStatistics,engine=<e>,direction=<compress|decompress>}.
 * Expectation {@link #NONE}: no agent at all, so no MBean of the domain may exist. Expectation
 * "libdeflate"/"igzip": that engine's Operations cover every call the fork made in each direction,
 * and every MBean of the domain shows zero Errors and zero Fallbacks, and no other engine
 * (including "cassandra", the hand-back to stock code) served anything.
 */
public final class EngineCheck {
    public static final String NONE = "none";
    /** The agent's JMX domain; a compile-time constant, so reading it loads no bridge class. */
    static final String DOMAIN = dev.deflateaccel.bridge.stats.StatisticsRegistry.DOMAIN;

    private EngineCheck() {
    }

    /** @return a one-line summary of what served the calls; throws if it is not the expected engine */
    public static String verify(String expectedEngine, long compressCalls, long decompressCalls) {
        if (!NONE.equals(expectedEngine)) {
            // A separate class: the bridge's statistics client exists in a fork only through the
            // agent jar, and a stock fork must never load it.
            return AgentRoutingCheck.verify(expectedEngine, compressCalls, decompressCalls);
        }
        Set<ObjectName> all = ManagementFactory.getPlatformMBeanServer().queryNames(objectName(DOMAIN + ":*"), null);
        if (!all.isEmpty()) {
            throw new IllegalStateException("configuration is meant to run without the agent, but agent MBeans "
                    + "are registered: " + all);
        }
        return "no agent loaded (no " + DOMAIN + " MBeans): stock code served all calls";
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName(name);
        } catch (JMException e) {
            throw new IllegalArgumentException(name, e);
        }
    }
}
