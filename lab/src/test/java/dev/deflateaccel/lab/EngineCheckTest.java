package dev.deflateaccel.lab;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/** Registers the agent's statistics MBeans with chosen counts and checks the verdicts. */
class EngineCheckTest {
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final List<ObjectName> registered = new ArrayList<>();

    /** The agent's real statistics MBean, with the given counts. */
    private void register(String engine, String direction, long operations, long fallbacks) throws Exception {
        EngineStatistics stats = new EngineStatistics(engine, Direction.valueOf(direction.toUpperCase(Locale.ROOT)));
        for (long i = 0; i < operations; i++) {
            stats.completed(100, 50);
        }
        for (long i = 0; i < fallbacks; i++) {
            stats.fellBack(FallbackReason.CONTEXTS_BUSY);
        }
        ObjectName name = StatisticsRegistry.objectName(engine, stats.direction());
        server.registerMBean(stats, name);
        registered.add(name);
    }

    @AfterEach
    void unregister() throws Exception {
        for (ObjectName name : registered) {
            server.unregisterMBean(name);
        }
    }

    @Test
    void stockPassesWithoutAgentMBeans() {
        assertTrue(EngineCheck.verify(EngineCheck.NONE, 5, 5).contains("no agent"));
    }

    @Test
    void stockFailsWhenTheAgentIsLoaded() throws Exception {
        register("igzip", "compress", 0, 0);
        assertThrows(IllegalStateException.class, () -> EngineCheck.verify(EngineCheck.NONE, 5, 5));
    }

    @Test
    void passesWhenTheExpectedEngineServedEverything() throws Exception {
        register("igzip", "compress", 10, 0);
        register("igzip", "decompress", 4, 0);
        register("cassandra", "compress", 0, 0);
        register("libdeflate", "compress", 0, 0);
        assertTrue(EngineCheck.verify("igzip", 10, 4).startsWith("igzip served 10 compress ops"));
    }

    @Test
    void failsOnFallbacks() throws Exception {
        register("igzip", "compress", 10, 1);
        register("igzip", "decompress", 4, 0);
        assertThrows(IllegalStateException.class, () -> EngineCheck.verify("igzip", 10, 4));
    }

    @Test
    void failsWhenStockCodeServedCalls() throws Exception {
        register("igzip", "compress", 10, 0);
        register("igzip", "decompress", 4, 0);
        register("cassandra", "decompress", 3, 0);
        assertThrows(IllegalStateException.class, () -> EngineCheck.verify("igzip", 10, 4));
    }

    @Test
    void failsWhenTheEngineServedFewerCallsThanWereMade() throws Exception {
        register("libdeflate", "compress", 9, 0);
        register("libdeflate", "decompress", 4, 0);
        assertThrows(IllegalStateException.class, () -> EngineCheck.verify("libdeflate", 10, 4));
    }

    @Test
    void failsWhenTheEngineHasNoMBean() {
        assertThrows(IllegalStateException.class, () -> EngineCheck.verify("libdeflate", 10, 4));
    }
}
