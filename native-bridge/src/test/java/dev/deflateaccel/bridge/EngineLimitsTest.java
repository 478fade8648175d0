package dev.deflateaccel.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;

class EngineLimitsTest {

    @Test
    void defaultBoundIsTheMeasuredOneAndCoversCassandrasConcurrentChunkThreads() {
        // Stock cassandra.yaml: concurrent_reads 32, concurrent_compactors up to 8, 2 flush writers.
        // Fewer contexts than callers sent the excess to stock code (32 contexts: 1-6% of calls at
        // 64-256 threads); 128 gave nothing over 64 (lab/results/20261203-052111-scaling.md).
        int cassandraChunkThreads = 32 + 8 + 2;
        int bound = EngineLimits.from(ConfigFile.parse(Arrays.asList("max_native_contexts = 0"), "test")).maxContexts();
        assertEquals(64, bound);
        assertTrue(bound >= cassandraChunkThreads);
        assertEquals(64, EngineLimits.from(ConfigFile.parse(Arrays.<String>asList(), "test")).maxContexts(),
                "the bound with the key absent");
    }

    /**
     * At the defaults, no engine's bound may pass 256 MiB of native memory in one direction: the
     * bound each engine computes from the per-context state it counts, its contexts and its
     * large-call limit. For the accelerators, on the emulators, that state is
     * the job size the QPL emulator reports and the agent's 144 B QATzip session block; what the
     * vendor's library allocates inside (QATzip's session buffers and pinned memory) is not
     * visible to the agent and not in the bound.
     */
    @Test
    void defaultNativeMemoryBoundIsAtMost256MiBPerEngineAndDirection() {
        dev.deflateaccel.bridge.engine.DeviceEmulators.Qat.configure("device=1");
        dev.deflateaccel.bridge.engine.DeviceEmulators.Iaa.configure("device=1");
        List<String> everyEngine = Arrays.asList("use_igzip_compress = 1", "use_igzip_uncompress = 1",
                "use_iaa_compress = 1", "use_iaa_uncompress = 1",
                "qat_library = " + dev.deflateaccel.bridge.engine.DeviceEmulators.qatLibrary(),
                "iaa_library = " + dev.deflateaccel.bridge.engine.DeviceEmulators.iaaLibrary());
        for (String level : Arrays.asList("libdeflate_compression_level = 6", "libdeflate_compression_level = 12",
                "igzip_compression_level = 3")) {
            List<String> lines = new java.util.ArrayList<>(everyEngine);
            lines.add(level);
            AccelConfig config = ConfigFile.parse(lines, "test");
            EngineLimits limits = EngineLimits.from(config);
            for (EngineDescriptor d : EngineRegistry.ALL) {
                try (DeflateEngine e = d.open(config, limits)) {
                    assertTrue(e.status().isAvailable(), d.name() + ": " + e.status());
                    for (boolean compress : new boolean[] {true, false}) {
                        long bound = e.nativeBytesBound(compress);
                        assertTrue(bound <= 256L << 20, d.name() + " (" + level + "), "
                                + (compress ? "compress" : "decompress") + ": " + (bound >> 20) + " MiB");
                    }
                }
            }
        }
    }

    @Test
    void configuredBoundWinsOverTheDefault() {
        EngineLimits limits = EngineLimits.from(ConfigFile.parse(Arrays.asList("max_native_contexts = 8"), "test"));
        assertEquals(8, limits.maxContexts());
        EngineLimits defaults = EngineLimits.from(ConfigFile.parse(Arrays.asList("max_native_contexts = 0"), "test"));
        assertEquals(EngineLimits.DEFAULT_CONTEXTS, defaults.maxContexts());
    }
}
