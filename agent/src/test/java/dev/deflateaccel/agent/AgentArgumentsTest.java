package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

class AgentArgumentsTest {
    @Test
    void defaultsToEtcZlibAccelConf() {
        assertEquals(Paths.get("/etc/zlib-accel.conf"), AgentArguments.parse(null).configPath());
        assertEquals(Paths.get("/etc/zlib-accel.conf"), AgentArguments.parse("").configPath());
    }

    @Test
    void readsConfigPath() {
        AgentArguments a = AgentArguments.parse("config=/opt/c/zlib-accel.conf");
        assertEquals(Paths.get("/opt/c/zlib-accel.conf"), a.configPath());
        assertNull(a.problem());
    }

    @Test
    void unknownArgumentIsAProblemNotAFailure() {
        AgentArguments a = AgentArguments.parse("config=/x.conf,verbose");
        assertEquals(Paths.get("/x.conf"), a.configPath());
        assertTrue(a.problem().contains("'verbose'"), a.problem());
    }
}
