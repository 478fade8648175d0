package dev.deflateaccel.it.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmOptionsFileTest {

    @Test
    void takesLinesStartingWithDashSplitOnWhiteSpaceLikeCassandraInSh() {
        List<String> options = JvmOptionsFile.parse(List.of(
                "# a comment",
                "-ea",
                "#-XX:+Commented",
                "  -XX:+Indented",
                "--add-exports java.base/jdk.internal.misc=ALL-UNNAMED",
                "",
                "-javaagent:/opt/a.jar=config=/etc/zlib-accel.conf   "));
        assertEquals(List.of("-ea", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-javaagent:/opt/a.jar=config=/etc/zlib-accel.conf"), options);
    }

    @Test
    void stockJdk17OptionsCarryTheOpensCassandraNeedsToStart() throws IOException {
        List<String> options = JvmOptionsFile.parse(resourceLines("/cassandra-conf/jvm17-server.options"));
        assertTrue(options.contains("-XX:+UseG1GC"), options.toString());
        int opens = options.indexOf("java.base/sun.nio.ch=ALL-UNNAMED");
        assertTrue(opens > 0 && options.get(opens - 1).equals("--add-opens"), options.toString());
    }

    static List<String> resourceLines(String name) throws IOException {
        try (InputStream in = JvmOptionsFileTest.class.getResourceAsStream(name)) {
            return Arrays.asList(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
    }
}
