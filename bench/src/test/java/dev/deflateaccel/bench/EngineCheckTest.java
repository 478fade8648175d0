package dev.deflateaccel.bench;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Registers stand-ins shaped like the agent's statistics MBeans and checks the verdicts. */
class EngineCheckTest {
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final List<ObjectName> registered = new ArrayList<>();

    public interface FakeStatsMBean {
        long getOperations();

        long getBytesIn();

        long getBytesOut();

        long getErrors();

        long getFallbacks();
    }

    public static final class FakeStats implements FakeStatsMBean {
        final long operations;
        final long fallbacks;

        FakeStats(long operations, long fallbacks) {
            this.operations = operations;
            this.fallbacks = fallbacks;
        }

        @Override
        public long getOperations() {
            return operations;
        }

        @Override
        public long getBytesIn() {
            return 0;
        }

        @Override
        public long getBytesOut() {
            return 0;
        }

        @Override
        public long getErrors() {
            return 0;
        }

        @Override
        public long getFallbacks() {
            return fallbacks;
        }
    }

    private void register(String engine, String direction, long operations, long fallbacks) throws Exception {
        ObjectName name = new ObjectName("dev.deflateaccel:type=EngineStatistics,engine=" + engine
                + ",direction=" + direction);
        server.registerMBean(new FakeStats(operations, fallbacks), name);
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
