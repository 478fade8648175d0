package dev.deflateaccel.agent.jmx;

/** A node's JMX address as nodetool reaches it: the RMI connector at HOST:PORT. */
public final class JmxRemote {
    private JmxRemote() {
    }

    /** The service URL of the node's JMX port; an IPv6 host goes in brackets. */
    public static String serviceUrl(String host, int port) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "service:jmx:rmi:///jndi/rmi://" + h + ":" + port + "/jmxrmi";
    }
}
