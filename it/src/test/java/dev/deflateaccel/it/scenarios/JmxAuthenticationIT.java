package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.AgentCli;
import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentMBean;
import dev.deflateaccel.harness.CassandraJmxRoles;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.JmxAuthentication;
import dev.deflateaccel.harness.NodePorts;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Issue 20: the agent's MBeans on a node whose JMX requires a password (cassandra-env.sh with
 * LOCAL_JMX=no, a password file and an access file with a read-only and a read-write role). The
 * read-only role reads every statistic and is refused reloadConfig and detach; a client without
 * credentials is refused; the read-write role may reload. The status command, refused, says what
 * to do, and with the read-only role prints the engines. Then the same split with Cassandra's own
 * login and JMX authorizer over its roles.
 */
@ExtendWith(SharedNodeExtension.class)
class JmxAuthenticationIT {

    static final JmxAuthentication AUTH = new JmxAuthentication("monitor-it-secret", "control-it-secret");

    @Test
    void readOnlyRoleReadsEveryStatisticAndIsRefusedTheOperations(CassandraNode node) throws Exception {
        node.ensureRunning(NodeSettings.withAgent(AgentConfig.libdeflate()).jmxAuthentication(AUTH));
        TestTable table = new TestTable("jmxauth", "rows", 16);
        table.create(node.session(), 1);
        new DataWriter(node.session(), table, new SampleRows(3030, 10), ONE).writeAll(0, 2_000);
        // Flushes are written with LZ4 (flush_compression: fast); the compaction writes Deflate.
        for (String command : new String[] {"flush", "compact"}) {
            node.nodetool().ok("-u", JmxAuthentication.READ_WRITE, "-pw", AUTH.password(JmxAuthentication.READ_WRITE),
                    command, table.keyspace(), table.name());
        }

        // Cassandra's JMX authenticator's SecurityException arrives wrapped in a RuntimeException.
        RuntimeException anonymous = assertThrows(RuntimeException.class,
                () -> JMXConnectorFactory.connect(NodePorts.jmxUrl(node.ports().jmx())).close());
        assertTrue(String.valueOf(anonymous).contains("SecurityException: Authentication failed! Credentials required"),
                String.valueOf(anonymous));

        ObjectName agent = new ObjectName(AgentMBean.NAME);
        try (JMXConnector c = connect(node, JmxAuthentication.READ_ONLY, AUTH.password(JmxAuthentication.READ_ONLY))) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            Set<ObjectName> ours = s.queryNames(new ObjectName("dev.deflateaccel:*"), null);
            int read = 0;
            for (ObjectName name : ours) {
                for (MBeanAttributeInfo a : s.getMBeanInfo(name).getAttributes()) {
                    s.getAttribute(name, a.getName());
                    read++;
                }
            }
            assertTrue(ours.contains(agent) && ours.size() > 2 && read > 20, read + " attributes of " + ours);
            // The same counters as gauges in Cassandra's registry, for the exporter.
            Set<ObjectName> gauges = s.queryNames(new ObjectName("org.apache.cassandra.metrics:type=DeflateAccel,*"), null);
            assertTrue(gauges.size() > 20, gauges.toString());
            for (ObjectName gauge : gauges) {
                s.getAttribute(gauge, "Value");
            }
            long compressed = (Long) s.getAttribute(
                    new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=libdeflate,direction=compress"), "Operations");
            assertTrue(compressed > 0, "the compaction compressed through libdeflate");

            for (String operation : new String[] {"reloadConfig", "detach"}) {
                SecurityException refused = assertThrows(SecurityException.class,
                        () -> s.invoke(agent, operation, new Object[0], new String[0]), operation);
                assertTrue(refused.getMessage().contains("Access denied"), refused.getMessage());
            }
            assertEquals(1L, s.getAttribute(agent, "Generation"), "still attached, generation 1");
        }
        try (JMXConnector c = connect(node, JmxAuthentication.READ_WRITE, AUTH.password(JmxAuthentication.READ_WRITE))) {
            String reloaded = (String) c.getMBeanServerConnection().invoke(agent, "reloadConfig", new Object[0], new String[0]);
            assertTrue(reloaded.contains("unchanged"), reloaded);
        }

        String port = Integer.toString(node.ports().jmx());
        AgentCli.Result refused = AgentCli.run("status", "-p", port);
        assertEquals(1, refused.exitCode, refused.toString());
        assertTrue(refused.output.contains("requires authentication") && refused.output.contains("-u USER -pw PASSWORD"),
                refused.output);
        AgentCli.Result wrong = AgentCli.run("status", "-p", port, "-u", JmxAuthentication.READ_ONLY, "-pw", "wrong");
        assertEquals(1, wrong.exitCode, wrong.toString());
        assertTrue(wrong.output.contains("refused user " + JmxAuthentication.READ_ONLY), wrong.output);
        AgentCli.Result status = AgentCli.run("status", "-p", port, "-u", JmxAuthentication.READ_ONLY,
                "-pw", AUTH.password(JmxAuthentication.READ_ONLY)).ok();
        assertTrue(status.output.contains("Generation: 1") && status.output.contains("libdeflate/compress: Operations="),
                status.output);

        // advise --node-cpu reads the codec's share with the read-only role, from a nodetool-style
        // password file; without a user the report says how to give one, and advises all the same.
        String tableDir = node.layout().tableDataParent(table.keyspace()).toString();
        AgentCli.Result anonymousAdvise = AgentCli.run("advise", "--seconds", "4", "--node-cpu", port, tableDir).ok();
        assertTrue(anonymousAdvise.output.contains("  not read: JMX at 127.0.0.1:" + port + ": cannot read")
                && anonymousAdvise.output.contains("-u USER (-pwf FILE | -pw PASSWORD)")
                && anonymousAdvise.output.contains("For the node (--goal cpu: "), anonymousAdvise.output);
        Path passwords = Files.createTempFile("jmx-password", ".txt");
        Files.write(passwords, (JmxAuthentication.READ_ONLY + " " + AUTH.password(JmxAuthentication.READ_ONLY) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        // nodetool's and status's spellings (JmxLogin)
        AgentCli.Result advise = AgentCli.run("advise", "--seconds", "4", "--node-cpu", port, "-u",
                JmxAuthentication.READ_ONLY, "-pwf", passwords.toString(), tableDir).ok();
        Files.delete(passwords);
        // libdeflate served the node's calls: the shares are read, and the prediction asks for stock's.
        assertTrue(advise.output.contains("  read from JMX at 127.0.0.1:" + port + ", over the last minute")
                && advise.output.contains("  compression is "), advise.output);
    }

    /**
     * Cassandra's own JMX authorizer: a role granted SELECT and DESCRIBE on our MBeans reads them
     * and is refused reloadConfig until it is granted EXECUTE on the Agent MBean.
     */
    @Test
    void cassandraRoleWithSelectButNotExecuteReadsAndCannotReload(CassandraNode node) throws Exception {
        node.ensureRunning(NodeSettings.withAgent(AgentConfig.libdeflate()).jmxAuthentication(new CassandraJmxRoles()));
        CqlSession cql = node.session();
        cql.execute("CREATE ROLE IF NOT EXISTS monitoring WITH LOGIN = true AND PASSWORD = 'monitoring-it'");
        cql.execute("GRANT SELECT ON MBEANS 'dev.deflateaccel:*' TO monitoring");
        cql.execute("GRANT DESCRIBE ON MBEANS 'dev.deflateaccel:*' TO monitoring");

        ObjectName agent = new ObjectName(AgentMBean.NAME);
        try (JMXConnector c = connect(node, "monitoring", "monitoring-it")) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            int read = 0;
            for (ObjectName name : s.queryNames(new ObjectName("dev.deflateaccel:*"), null)) {
                for (MBeanAttributeInfo a : s.getMBeanInfo(name).getAttributes()) {
                    s.getAttribute(name, a.getName());
                    read++;
                }
            }
            assertTrue(read > 20, read + " attributes read");
            RuntimeException refused = assertThrows(RuntimeException.class,
                    () -> s.invoke(agent, "reloadConfig", new Object[0], new String[0]));
            assertTrue(deniedByJmx(refused), String.valueOf(refused));
            assertEquals(1L, s.getAttribute(agent, "Generation"));

            cql.execute("GRANT EXECUTE ON MBEAN '" + AgentMBean.NAME + "' TO monitoring");
            String reloaded = null;
            long deadline = System.nanoTime() + 30_000_000_000L; // permissions_validity caches the old grant for 2 s
            while (reloaded == null) {
                try {
                    reloaded = (String) s.invoke(agent, "reloadConfig", new Object[0], new String[0]);
                } catch (RuntimeException e) {
                    if (!deniedByJmx(e) || System.nanoTime() > deadline) {
                        throw e;
                    }
                    Thread.sleep(500);
                }
            }
            assertTrue(reloaded.contains("unchanged"), reloaded);
        }
    }

    /** A SecurityException, as is or wrapped (Cassandra's JMX auth wraps it in a RuntimeException). */
    private static boolean deniedByJmx(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SecurityException) {
                return true;
            }
        }
        return false;
    }

    private static JMXConnector connect(CassandraNode node, String user, String password) throws IOException {
        Map<String, Object> env = new HashMap<>();
        env.put(JMXConnector.CREDENTIALS, new String[] {user, password});
        return JMXConnectorFactory.connect(NodePorts.jmxUrl(node.ports().jmx()), env);
    }
}
