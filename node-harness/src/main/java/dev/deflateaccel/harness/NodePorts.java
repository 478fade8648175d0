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

    private static int hold(List<ServerSocket> held, String host) throws IOException {
        ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host));
        held.add(socket);
        return socket.getLocalPort();
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
