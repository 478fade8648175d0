package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * A node's address and ports, picked free on loopback when the node is created and kept for its
 * life (restarts reuse them). Free ports rather than 7000/9042/7199 so a developer's own Cassandra
 * or a second run cannot collide with the tests.
 */
public final class NodePorts {

    /** JMX local mode listens on loopback 127.0.0.1 whatever the node's listen address. */
    public static final String JMX_HOST = "127.0.0.1";

    private final String address;
    private final int storage;
    private final int nativeTransport;
    private final int jmx;

    private NodePorts(String address, int storage, int nativeTransport, int jmx) {
        this.address = address;
        this.storage = storage;
        this.nativeTransport = nativeTransport;
        this.jmx = jmx;
    }

    public static NodePorts allocate(String address) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            // All three sockets stay open until all are picked, so the ports differ.
            int storage = hold(held, address);
            int nativeTransport = hold(held, address);
            int jmx = hold(held, JMX_HOST);
            return new NodePorts(address, storage, nativeTransport, jmx);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free ports on " + address
                    + " (127.0.0.2 and .3 need the Linux loopback of all 127.0.0.0/8)", e);
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // only probing
                }
            }
        }
    }

    /**
     * A free port below the kernel's ephemeral range. Ports are picked when a node is created and
     * bound only when it starts; a port from the ephemeral range (what {@code new ServerSocket(0)}
     * gives) can meanwhile become the source port of another node's or the client's outgoing
     * connection, and the node then dies with "Port already in use" (seen once in a cluster test).
     * Outgoing connections never take a port below that range.
     */
    private static int hold(List<ServerSocket> held, String host) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        int below = ephemeralRangeStart();
        IOException last = null;
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = FIRST_PORT + RANDOM.nextInt(below - FIRST_PORT);
            try {
                ServerSocket socket = new ServerSocket(port, 1, address);
                held.add(socket);
                return port;
            } catch (IOException taken) {
                last = taken;
            }
        }
        throw last;
    }

    private static final int FIRST_PORT = 10_000;
    private static final java.util.Random RANDOM = new java.security.SecureRandom();

    /** The first port of the kernel's ephemeral range (net.ipv4.ip_local_port_range), 32768 if unknown. */
    private static int ephemeralRangeStart() {
        try {
            String range = new String(java.nio.file.Files.readAllBytes(
                    java.nio.file.Paths.get("/proc/sys/net/ipv4/ip_local_port_range"))).trim();
            int start = Integer.parseInt(range.split("\\s+")[0]);
            return start > FIRST_PORT + 1000 ? start : 32_768;
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }

    public String address() {
        return address;
    }

    public int storage() {
        return storage;
    }

    public int nativeTransport() {
        return nativeTransport;
    }

    public int jmx() {
        return jmx;
    }

    /** The node's JMX address as nodetool and JMX clients use it. */
    public static javax.management.remote.JMXServiceURL jmxUrl(int jmxPort) {
        try {
            return new javax.management.remote.JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + JMX_HOST + ":" + jmxPort + "/jmxrmi");
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The seed notation Cassandra 4.0+ understands, with the storage port. */
    public String seed() {
        return address + ":" + storage;
    }

    @Override
    public String toString() {
        return address + " (storage " + storage + ", cql " + nativeTransport + ", jmx " + jmx + ")";
    }
}
