package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Arrays;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deflateaccel.agent.jmx.JmxRemote;

/**
 * {@code advise --node-cpu} reads the node's last minute before it samples anything: its own
 * sampling takes a core for {@code --seconds}, which would slow the node it measures, and a minute
 * read afterwards would end that long after the moment the operator chose. The node here is a JMX
 * server holding a stand-in Agent MBean whose reads are written to advise's own progress stream,
 * so the order of the two is the order of the lines.
 */
class NodeCpuReadFirstTest {
    @TempDir
    Path dir;

    /** The Agent MBean's attributes that advise --node-cpu reads, as the agent's own names them. */
    public interface StandInAgentMBean {
        double getCompressCpuPercentLastMinute();

        double getDecompressCpuPercentLastMinute();

        double getCompactionCodecCpuPercentLastMinute();

        double getReadsCodecCpuPercentLastMinute();

        String getCodecCpuByEngineLastMinute();
    }

    /** 30% of the node's CPU, all Cassandra's own code: what an agent with every engine off reports. */
    public static final class StandInAgent implements StandInAgentMBean {
        private final PrintStream progress;

        StandInAgent(PrintStream progress) {
            this.progress = progress;
        }

        @Override
        public double getCompressCpuPercentLastMinute() {
            progress.println("NODE READ");
            return 10;
        }

        @Override
        public double getDecompressCpuPercentLastMinute() {
            return 20;
        }

        @Override
        public double getCompactionCodecCpuPercentLastMinute() {
            return 12;
        }

        @Override
        public double getReadsCodecCpuPercentLastMinute() {
            return 18;
        }

        @Override
        public String getCodecCpuByEngineLastMinute() {
            return "cassandra=30.000";
        }
    }

    @Test
    void theNodesMinuteIsReadBeforeAnyChunkIsSampled() throws Exception {
        Path table = dir.resolve("ks").resolve("rows-0123456789abcdef0123456789abcdef");
        SyntheticSSTable.deflate(table, 1, 400_000, 16 << 10);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, "UTF-8");
        int port = freePort();
        Registry registry = LocateRegistry.createRegistry(port);
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        server.registerMBean(new StandInAgent(errStream), new ObjectName(JmxRemote.AGENT_MBEAN));
        JMXConnectorServer jmx = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL(JmxRemote.serviceUrl("127.0.0.1", port)), null, server);
        jmx.start();
        int code;
        try {
            code = new AdviseCommand(new PrintStream(out, true, "UTF-8"), errStream, "test").run(Arrays.asList(
                    "--max-chunks", "8", "--seconds", "2", "--node-cpu", Integer.toString(port), table.toString()));
        } finally {
            jmx.stop();
            UnicastRemoteObject.unexportObject(registry, true);
        }
        String progress = err.toString("UTF-8");
        String report = new String(out.toByteArray(), StandardCharsets.UTF_8);
        assertEquals(0, code, progress);
        assertTrue(report.contains("compression is 30% of this node's CPU")
                || report.contains("compression is 30.0% of this node's CPU"), report);
        int read = progress.indexOf("NODE READ");
        int sampling = progress.indexOf("reading ks.rows");
        assertTrue(read >= 0 && sampling >= 0, progress);
        assertTrue(read < sampling, "the node's minute was read after the sampling began:\n" + progress);
        assertEquals(read, progress.lastIndexOf("NODE READ"), "read once:\n" + progress);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
