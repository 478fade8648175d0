package dev.deflateaccel.bridge;

import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.bridge.stats.StatisticsRegistry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Routing, fallback and statistics over the real engines. */
class DeflateBridgeTest {
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();

    private DeflateBridge bridge(String... lines) {
        AccelConfig config = ConfigFile.parse(Arrays.asList(lines), "test.conf");
        AccelLog log = AccelLog.to(utf8PrintStream(logged), config.intValue(
                dev.deflateaccel.bridge.config.ConfigKey.LOG_LEVEL));
        return DeflateBridge.create(config, log);
    }

    private static EngineStatistics stats(DeflateBridge b, String engine, Direction d) {
        return b.statistics().of(engine, d);
    }

    @Test
    void defaultsRouteToLibdeflateAndCount() throws IOException {
        try (DeflateBridge b = bridge()) {
            byte[] data = TestData.cassandraLikeRows(16 * 1024, 1);
            byte[] out = new byte[TestData.bound(data.length)];
            int n = b.compress(data, 0, data.length, out, 0, out.length);
            byte[] stream = Arrays.copyOf(out, n);
            assertArrayEquals(data, TestData.zlibDecompress(stream, data.length));
            byte[] back = new byte[data.length];
            assertEquals(data.length, b.decompress(stream, 0, n, back, 0, back.length));
            assertArrayEquals(data, back);

            EngineStatistics c = stats(b, "libdeflate", Direction.COMPRESS);
            assertEquals(1, c.getOperations());
            assertEquals(data.length, c.getBytesIn());
            assertEquals(n, c.getBytesOut());
            assertEquals(1, stats(b, "libdeflate", Direction.DECOMPRESS).getOperations());
            assertEquals(0, stats(b, "zlib", Direction.COMPRESS).getOperations());
        }
    }

    @Test
    void routingOrderIsIgzipThenLibdeflateThenZlib() {
        try (DeflateBridge b = bridge("use_igzip_compress = 1", "use_igzip_uncompress = 1")) {
            assertEquals(Arrays.asList("qat", "igzip", "libdeflate", "zlib"), b.engines().stream().map(DeflateEngine::name).collect(java.util.stream.Collectors.toList()));
            byte[] data = TestData.cassandraLikeRows(8 * 1024, 2);
            byte[] out = new byte[TestData.bound(data.length)];
            assertTrue(b.tryCompress(data, 0, data.length, out, 0, out.length) > 0);
            assertEquals(1, stats(b, "igzip", Direction.COMPRESS).getOperations());
            assertEquals(0, stats(b, "libdeflate", Direction.COMPRESS).getOperations());
        }
    }

    @Test
    void inputTooLargeForNativeBuffersFallsBackToZlibWithReason() throws IOException {
        try (DeflateBridge b = bridge("max_native_buffer_kb = 64")) {
            byte[] data = TestData.cassandraLikeRows(100 * 1024, 3);
            byte[] out = new byte[TestData.bound(data.length)];
            int n = b.compress(data, 0, data.length, out, 0, out.length);
            assertArrayEquals(data, TestData.zlibDecompress(Arrays.copyOf(out, n), data.length));
            EngineStatistics lib = stats(b, "libdeflate", Direction.COMPRESS);
            assertEquals(0, lib.getOperations());
            assertEquals(1, lib.getFallbacksInputNotAccepted());
            assertEquals(0, lib.getErrors());
            assertEquals(1, stats(b, "zlib", Direction.COMPRESS).getOperations());
        }
    }

    @Test
    void corruptInputIsAnIOExceptionWhenZlibIsOffAndCountedAsError() {
        try (DeflateBridge b = bridge("use_zlib_uncompress = 0")) {
            byte[] data = TestData.cassandraLikeRows(16 * 1024, 4);
            byte[] stream = TestData.zlibCompress(data);
            stream[stream.length / 2] ^= 0x55;
            byte[] back = new byte[data.length];
            IOException e = assertThrows(IOException.class, () -> b.decompress(stream, 0, stream.length, back, 0, back.length));
            assertTrue(e.getMessage().contains("CORRUPT_INPUT"), e.getMessage());
            assertEquals(1, stats(b, "libdeflate", Direction.DECOMPRESS).getErrors());
        }
    }

    @Test
    void corruptInputWithZlibOnIsStillAnIOException() {
        try (DeflateBridge b = bridge()) {
            byte[] stream = TestData.zlibCompress(TestData.cassandraLikeRows(4096, 5));
            byte[] truncated = Arrays.copyOf(stream, stream.length - 3);
            assertThrows(IOException.class, () -> b.decompress(truncated, 0, truncated.length, new byte[4096], 0, 4096));
            // libdeflate may call a truncated stream corrupt or, having read past its end, out of
            // room: either way it declines once and serves nothing; zlib then finds it corrupt.
            EngineStatistics libdeflate = stats(b, "libdeflate", Direction.DECOMPRESS);
            assertEquals(1, libdeflate.getFallbacks(), libdeflate.summary());
            assertEquals(0, libdeflate.getOperations(), libdeflate.summary());
            assertEquals(1, stats(b, "zlib", Direction.DECOMPRESS).getFallbacksCorruptInput());
        }
    }

    @Test
    void missingLibraryNamesThePackageAndCallsGoToZlib() throws IOException {
        try (DeflateBridge b = bridge("libdeflate_library = /nonexistent/libdeflate.so.0")) {
            DeflateEngine lib = b.engines().stream().filter(e -> e.name().equals("libdeflate")).findFirst().get();
            assertEquals("libdeflate", lib.name());
            assertFalse(lib.status().isAvailable());
            assertTrue(lib.status().detail().contains("/nonexistent/libdeflate.so.0"), lib.status().detail());
            assertTrue(lib.status().detail().contains("libdeflate0"), lib.status().detail());
            String log = utf8(logged);
            assertEquals(1, log.split("libdeflate is enabled but", -1).length - 1, log);
            byte[] data = TestData.cassandraLikeRows(4096, 6);
            byte[] out = new byte[TestData.bound(data.length)];
            b.compress(data, 0, data.length, out, 0, out.length);
            assertEquals(1, stats(b, "zlib", Direction.COMPRESS).getOperations());
        }
    }

    @Test
    void noEngineEnabledMeansNoResult() {
        try (DeflateBridge b = bridge("use_libdeflate_compress = 0", "use_zlib_compress = 0")) {
            assertFalse(b.canCompress());
            byte[] data = new byte[100];
            assertEquals(DeflateBridge.NO_ENGINE, b.tryCompress(data, 0, 100, new byte[200], 0, 200));
            assertThrows(IOException.class, () -> b.compress(data, 0, 100, new byte[200], 0, 200));
        }
    }

    @Test
    void bufferPositionsMoveOnlyOnSuccess() throws IOException {
        try (DeflateBridge b = bridge()) {
            byte[] data = TestData.cassandraLikeRows(10_000, 7);
            ByteBuffer in = ByteBuffer.allocateDirect(data.length + 10);
            in.position(10);
            in.put(data).position(10);
            ByteBuffer out = ByteBuffer.allocate(TestData.bound(data.length) + 5);
            out.position(5);
            int n = b.compress(in, out);
            assertEquals(in.limit(), in.position());
            assertEquals(5 + n, out.position());

            ByteBuffer small = ByteBuffer.allocate(3);
            in.position(10);
            assertTrue(b.tryCompress(in, small) < 0);
            assertEquals(10, in.position());
            assertEquals(0, small.position());
            assertEquals(1, stats(b, "libdeflate", Direction.COMPRESS).getFallbacksOutputTooSmall());
        }
    }

    @Test
    void statisticsAreRegisteredInJmx() throws Exception {
        try (DeflateBridge b = bridge()) {
            assertEquals(null, b.statistics().registerMBeans());
            byte[] data = TestData.cassandraLikeRows(4096, 8);
            b.compress(data, 0, data.length, new byte[8192], 0, 8192);
            Object ops = ManagementFactory.getPlatformMBeanServer().getAttribute(
                    StatisticsRegistry.objectName("libdeflate", Direction.COMPRESS), "Operations");
            assertEquals(1L, ops);
        }
    }

    @Test
    void logStatsSamplesAloneTurnsTheDumpsOnAtTheDefaultLogLevel() throws IOException {
        try (DeflateBridge b = bridge("log_stats_samples = 3")) {
            compressTimes(b, 7);
            String log = utf8(logged);
            assertEquals(2, log.split("stats libdeflate compress: ops=", -1).length - 1, log);
            assertTrue(log.contains("stats libdeflate compress: ops=6 "), log);
        }
    }

    /** The operator who raises log_level for the start-up summary does not get a dump every 1000 calls. */
    @Test
    void raisingLogLevelAloneDumpsNoStatistics() throws IOException {
        for (String level : Arrays.asList("log_level = 2", "log_level = 3")) {
            logged.reset();
            try (DeflateBridge b = bridge(level)) {
                compressTimes(b, 1000);
                String log = utf8(logged);
                assertFalse(log.contains(" INFO stats "), level + ": " + log);
            }
        }
    }

    @Test
    void logLevelZeroSilencesTheDumpsToo() throws IOException {
        try (DeflateBridge b = bridge("log_level = 0", "log_stats_samples = 1")) {
            compressTimes(b, 3);
            assertEquals("", utf8(logged));
        }
    }

    private static void compressTimes(DeflateBridge b, int calls) throws IOException {
        byte[] data = TestData.cassandraLikeRows(2048, 9);
        byte[] out = new byte[4096];
        for (int i = 0; i < calls; i++) {
            b.compress(data, 0, data.length, out, 0, out.length);
        }
    }

    /**
     * Cassandra routes every chunk through here on hundreds of threads: no garbage per call, in
     * any of the four ways, whichever CPU engine serves it (the accelerators: AcceleratorRoutingTest).
     * Counted on this thread alone, unlike JMH's gc profiler.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"igzip", "libdeflate", "zlib"})
    void routingAChunkAllocatesNothing(String engine) {
        try (DeflateBridge b = bridge(only(EngineRegistry.named(engine)))) {
            double perCall = ThreadAllocation.bytesPerCall(new ChunkCalls(b, 16 * 1024)::runAllFour, 2000);
            assertTrue(perCall < 1, perCall + " bytes per four calls");
            for (Direction d : Direction.values()) {
                assertEquals(0, stats(b, engine, d).getFallbacks(), engine + " served every call " + d);
            }
        }
    }

    /** Only {@code engine} enabled, every other engine off. */
    private static String[] only(EngineDescriptor engine) {
        List<String> lines = new ArrayList<>();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            lines.add(d.compressKey().key() + " = " + (d == engine ? 1 : 0));
            lines.add(d.decompressKey().key() + " = " + (d == engine ? 1 : 0));
        }
        return lines.toArray(new String[0]);
    }

    @Test
    void fallbackReasonCodesRoundTrip() {
        for (FallbackReason r : FallbackReason.values()) {
            assertTrue(r.code() < 0);
            assertEquals(r, FallbackReason.ofCode(r.code()));
        }
    }
}
