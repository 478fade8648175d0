package dev.deflateaccel.agent.jmx;

import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/** A node's JMX address as nodetool reaches it (the RMI connector at HOST:PORT), and the agent's MBean there. */
public final class JmxRemote {
    /** The Agent MBean: registered by the agent in the node, read by status and advise --node-cpu. */
    public static final String AGENT_MBEAN = StatisticsRegistry.DOMAIN + ":type=Agent";

    private JmxRemote() {
    }

    /** The service URL of the node's JMX port; an IPv6 host goes in brackets. */
    public static String serviceUrl(String host, int port) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "service:jmx:rmi:///jndi/rmi://" + h + ":" + port + "/jmxrmi";
    }
}
