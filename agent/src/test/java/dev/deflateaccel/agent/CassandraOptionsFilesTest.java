package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The doctor's "Cassandra:" lines, on directories made here instead of the host's. */
class CassandraOptionsFilesTest {
    @Test
    void aHostWithoutCassandraSaysNoneFound(@TempDir Path dir) {
        assertEquals(Collections.singletonList("Cassandra: none found (no jvm*-server.options in /etc/cassandra, "
                + "$CASSANDRA_CONF or $CASSANDRA_HOME/conf); the agent loads only through a -javaagent line there"),
                CassandraOptionsFiles.describe(Collections.<String, String>emptyMap(), dir.resolve("absent")));
    }

    @Test
    void eachOptionsFileSaysWhetherItLoadsTheAgent(@TempDir Path dir) throws Exception {
        Path etc = Files.createDirectory(dir.resolve("etc-cassandra"));
        write(etc.resolve("jvm-server.options"), "-Xss256k\n  -javaagent:/usr/share/deflate-accel/deflate-accel-agent.jar=config=/etc/zlib-accel.conf\n");
        write(etc.resolve("jvm11-server.options"), "#-javaagent:/usr/share/deflate-accel/deflate-accel-agent.jar\n");
        write(etc.resolve("cassandra.yaml"), "-javaagent:/usr/share/deflate-accel/deflate-accel-agent.jar\n");
        Path home = Files.createDirectories(dir.resolve("home").resolve("conf"));
        write(home.resolve("jvm17-server.options"), "-javaagent:/opt/deflate-accel/deflate-accel-agent.jar\n");
        Map<String, String> env = new HashMap<>();
        env.put("CASSANDRA_HOME", dir.resolve("home").toString());
        env.put("CASSANDRA_CONF", etc.toString());

        assertEquals(Arrays.asList(
                "Cassandra: " + etc.resolve("jvm-server.options") + " (a -javaagent line for deflate-accel-agent.jar: yes)",
                "Cassandra: " + etc.resolve("jvm11-server.options") + " (a -javaagent line for deflate-accel-agent.jar: no)",
                "Cassandra: " + home.resolve("jvm17-server.options") + " (a -javaagent line for deflate-accel-agent.jar: yes)"),
                CassandraOptionsFiles.describe(env, etc));
    }

    private static void write(Path file, String text) throws Exception {
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
