package dev.deflateaccel.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.config.ConfigFile;

class EngineLimitsTest {

    @Test
    void defaultBoundCoversCassandrasConcurrentChunkThreadsOnASmallMachine() {
        // Stock cassandra.yaml: concurrent_reads 32, concurrent_compactors up to 8, 2 flush writers.
        // Fewer contexts than that sent the excess to stock code (0.39-0.67 of the best at 64 threads).
        int cassandraChunkThreads = 32 + 8 + 2;
        for (int cpus : new int[] {1, 2, 8, 16}) {
            assertTrue(EngineLimits.defaultContexts(cpus) >= cassandraChunkThreads, cpus + " CPUs");
        }
        assertEquals(64, EngineLimits.defaultContexts(2));
        assertEquals(4 * 48, EngineLimits.defaultContexts(48), "4 per CPU on larger machines");
    }

    @Test
    void configuredBoundWinsOverTheDefault() {
        EngineLimits limits = EngineLimits.from(ConfigFile.parse(List.of("max_native_contexts = 8"), "test"));
        assertEquals(8, limits.maxContexts());
        EngineLimits defaults = EngineLimits.from(ConfigFile.parse(List.of("max_native_contexts = 0"), "test"));
        assertEquals(EngineLimits.defaultContexts(Runtime.getRuntime().availableProcessors()), defaults.maxContexts());
    }
}
