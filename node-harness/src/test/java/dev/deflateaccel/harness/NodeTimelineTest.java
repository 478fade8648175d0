package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.Map;

import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;

import org.junit.jupiter.api.Test;

/** The timeline read from outside, on this JVM as its own "node": a thread that burns CPU and allocates must show. */
class NodeTimelineTest {

    static volatile byte[] escaped;

    @Test
    void aBusyAllocatingThreadShowsInItsSecondsAndTheHostSignalsAreRead() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LocateRegistry.createRegistry(port);
        JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(NodePorts.jmxUrl(port), null,
                ManagementFactory.getPlatformMBeanServer());
        server.start();
        Thread busy = new Thread(() -> {
            long end = System.nanoTime() + 3_500_000_000L;
            while (System.nanoTime() < end) {
                escaped = new byte[4096]; // published, so the JIT cannot take the allocation away
            }
        }, "busy-allocator");
        NodeTimeline timeline = NodeTimeline.start(ProcessHandle.current().pid(), port);
        busy.start();
        busy.join();
        List<NodeTimeline.Second> seconds = timeline.stop();
        server.stop();

        assertTrue(seconds.size() >= 3, "a second per second: " + seconds.size());
        Map<String, Double> busiest = seconds.get(1).values;
        assertEquals(NodeTimeline.SIGNALS.size(), busiest.size(), "every signal in every second: " + busiest.keySet());
        // The busy thread is in no Cassandra group: "other". Two cores shared with the build: a generous bound.
        assertTrue(busiest.get("other threads CPU s/s") > 0.3, "the busy thread's CPU: " + busiest);
        assertTrue(busiest.get("allocation MB/s") > 10, "its allocation: " + busiest);
        assertTrue(busiest.get("gc pause ms/s") >= 0, "G1's pauses read: " + busiest);
        assertTrue(busiest.get("dirty MiB") >= 0 && busiest.get("active file MiB") > 0, "the host's pages: " + busiest);
        // This JVM's own memory cgroup where there is one (cgroup v1), NaN where there is none.
        assertEquals(MemoryCgroup.statOf(ProcessHandle.current().pid()).isEmpty(),
                Double.isNaN(busiest.get("cgroup file cache MiB")), "its cgroup's page cache: " + busiest);
        assertTrue(Double.isNaN(busiest.get("compaction read MB/s")), "no Cassandra, no compaction: " + busiest);
        // The CPU meters ran (VcpuStallsTest shows what they count): a number, if only zero.
        assertTrue(busiest.get("vcpu stall ms/s") >= 0 && busiest.get("vcpu longest stall ms") >= 0,
                "the CPU meters read: " + busiest);
        for (int i = 1; i < seconds.size(); i++) {
            double gap = seconds.get(i).at - seconds.get(i - 1).at;
            assertTrue(gap > 0.5 && gap < 2.5, "about a second apart: " + gap);
        }
    }
}
