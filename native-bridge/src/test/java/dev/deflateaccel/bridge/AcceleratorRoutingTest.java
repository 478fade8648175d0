package dev.deflateaccel.bridge;

import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.DeviceEmulators;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.engine.IgzipEngine;
import dev.deflateaccel.bridge.engine.LibdeflateEngine;
import dev.deflateaccel.bridge.engine.QatEngine;
import dev.deflateaccel.bridge.engine.ZlibEngine;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * QAT and IAA through the router, on the device emulators with fault injection: every injected
 * fault becomes a counted fallback with its reason, no output is ever wrong, and no session or
 * job outlives the bridge. Emulators only: nothing here says anything about hardware speed.
 */
class AcceleratorRoutingTest {
    private static final int THREADS = 32;
    private static final int CHUNKS_PER_THREAD = 24;

    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();

    @AfterEach
    void healthyDevices() {
        DeviceEmulators.Qat.configure("device=1,error_rate=0,busy_rate=0,overflow_rate=0,truncate_rate=0,corrupt_rate=0");
        DeviceEmulators.Iaa.configure("device=1,error_rate=0,busy_rate=0,overflow_rate=0,truncate_rate=0,corrupt_rate=0");
    }

    private DeflateBridge bridge(String... lines) {
        List<String> all = new ArrayList<>(Arrays.asList(
                "qat_library = " + DeviceEmulators.qatLibrary(),
                "iaa_library = " + DeviceEmulators.iaaLibrary()));
        all.addAll(Arrays.asList(lines));
        AccelConfig config = ConfigFile.parse(all, "test.conf");
        assertEquals(Collections.emptyList(), config.warnings());
        return DeflateBridge.create(config, AccelLog.to(utf8PrintStream(logged), AccelLog.INFO));
    }

    private static String[] only(String accelerator) {
        return accelerator.equals("qat")
                ? new String[] {"use_qat_compress = 1", "use_qat_uncompress = 1"}
                : new String[] {"use_qat_compress = 0", "use_qat_uncompress = 0", "use_iaa_compress = 1", "use_iaa_uncompress = 1"};
    }

    private static void configure(String accelerator, String spec) {
        if (accelerator.equals("qat")) {
            DeviceEmulators.Qat.configure(spec);
        } else {
            DeviceEmulators.Iaa.configure(spec);
        }
    }

    private static long emulatorCount(String accelerator, String what) {
        return accelerator.equals("qat") ? DeviceEmulators.Qat.count(what) : DeviceEmulators.Iaa.count(what);
    }

    /** Compress calls every engine declined (all contexts busy under 32 threads): Cassandra's code served them. */
    private static final AtomicInteger compressHandedBack = new AtomicInteger();

    /**
     * Chunks compressed and decompressed through the bridge from 32 threads; the number whose
     * result was wrong. A call every engine declines is what the agent hands back to Cassandra's
     * own code: it is completed here with java.util.zip, as stock would, and counted in
     * {@link #compressHandedBack} (compress only), not as wrong. The default bound (64
     * contexts) leaves no one of 32 threads without a context, but declining is legal, so the
     * count does not depend on it.
     */
    private static int wrongResults(DeflateBridge bridge) throws Exception {
        compressHandedBack.set(0);
        List<byte[]> chunks = TestData.chunks(TestData.cassandraLikeRows(THREADS * CHUNKS_PER_THREAD * 16 * 1024, 3), 16 * 1024);
        AtomicInteger wrong = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int start = t;
                futures.add(pool.submit(() -> {
                    for (int i = start; i < chunks.size(); i += THREADS) {
                        byte[] chunk = chunks.get(i);
                        byte[] out = new byte[TestData.bound(chunk.length)];
                        int n = bridge.tryCompress(chunk, 0, chunk.length, out, 0, out.length);
                        byte[] stream;
                        if (n < 0) {
                            compressHandedBack.incrementAndGet();
                            stream = TestData.zlibCompress(chunk);
                        } else {
                            stream = Arrays.copyOf(out, n);
                        }
                        if (!Arrays.equals(chunk, TestData.zlibDecompress(stream, chunk.length))) {
                            wrong.incrementAndGet();
                            continue;
                        }
                        byte[] back = new byte[chunk.length];
                        int m = bridge.tryDecompress(stream, 0, stream.length, back, 0, back.length);
                        // m < 0: handed back; Cassandra's own code decompresses it.
                        if (m >= 0 && (m != chunk.length || !Arrays.equals(chunk, back))) {
                            wrong.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        return wrong.get();
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "qat, error_rate=0.3, NATIVE_ERROR",
        "qat, busy_rate=0.3, DEVICE_BUSY",
        "qat, overflow_rate=0.3, OUTPUT_TOO_SMALL",
        "qat, truncate_rate=0.3, BAD_OUTPUT",
        "qat, corrupt_rate=0.3, BAD_OUTPUT",
        "iaa, error_rate=0.3, NATIVE_ERROR",
        "iaa, overflow_rate=0.3, OUTPUT_TOO_SMALL",
        "iaa, truncate_rate=0.3, BAD_OUTPUT",
        "iaa, corrupt_rate=0.3, BAD_OUTPUT",
    })
    void everyFaultIsACountedFallbackAndNoOutputIsWrong(String accelerator, String fault, FallbackReason reason) throws Exception {
        configure(accelerator, "device=1,seed=7," + fault);
        long faultsBefore = emulatorCount(accelerator, "faults");
        int wrong;
        EngineStatistics c;
        EngineStatistics d;
        try (DeflateBridge b = bridge(only(accelerator))) {
            wrong = wrongResults(b);
            c = b.statistics().of(accelerator, Direction.COMPRESS);
            d = b.statistics().of(accelerator, Direction.DECOMPRESS);
        }
        long faults = emulatorCount(accelerator, "faults") - faultsBefore;
        assertEquals(0, wrong, "wrong outputs");
        assertTrue(faults > 0, "the emulator injected no " + fault);
        assertEquals(faults, c.fallbacks(reason) + d.fallbacks(reason),
                "every injected fault is one fallback counted as " + reason + "; compress " + c.summary() + "; decompress " + d.summary());
        // Declines must not hide a direction that never serves: every chunk was offered to the
        // accelerator both ways; it declines to decompress only streams another engine wrote (IAA:
        // their 32 KiB window), and it reads back at least half of those it wrote despite a 0.3
        // fault rate.
        assertEquals(c.getOperations() + c.getFallbacks(), d.getOperations() + d.getFallbacks(),
                "every chunk offered both ways; compress " + c.summary() + "; decompress " + d.summary());
        long writtenElsewhere = c.getFallbacks();
        assertTrue(c.getOperations() > 0 && d.fallbacks(FallbackReason.INPUT_NOT_ACCEPTED) <= writtenElsewhere,
                "declined streams it wrote itself: compress " + c.summary() + "; decompress " + d.summary());
        assertTrue(d.getOperations() >= c.getOperations() / 2, "read back too few: compress " + c.summary()
                + "; decompress " + d.summary());
        assertEquals(0, c.getFallbacksUnexpectedException() + d.getFallbacksUnexpectedException());
        assertEquals(0, emulatorCount(accelerator, accelerator.equals("qat") ? "sessions_open" : "jobs_open"),
                "sessions or jobs leaked past close()");
    }

    /**
     * The accelerated path allocates nothing per chunk either, the output check included (the
     * CPU engines: DeflateBridgeTest). Counted on this thread alone, unlike JMH's gc profiler.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"qat", "iaa"})
    void routingAChunkAllocatesNothing(String accelerator) {
        try (DeflateBridge b = bridge(only(accelerator))) {
            double perCall = ThreadAllocation.bytesPerCall(new ChunkCalls(b, 16 * 1024)::runAllFour, 2000);
            assertTrue(perCall < 1, perCall + " bytes per four calls");
            assertEquals(0, b.statistics().of(accelerator, Direction.COMPRESS).getFallbacks());
            assertEquals(0, b.statistics().of(accelerator, Direction.DECOMPRESS).getFallbacks());
        }
    }

    @Test
    void iaaBusyQueuesAreRetriedABoundedNumberOfTimesThenFallBack() throws Exception {
        configure("iaa", "device=1,busy_rate=1");
        long callsBefore = DeviceEmulators.Iaa.count("calls");
        try (DeflateBridge b = bridge(only("iaa"))) {
            byte[] chunk = TestData.cassandraLikeRows(16 * 1024, 4);
            byte[] out = new byte[TestData.bound(chunk.length)];
            int n = b.compress(chunk, 0, chunk.length, out, 0, out.length);
            assertArrayEquals(chunk, TestData.zlibDecompress(Arrays.copyOf(out, n), chunk.length));
            assertEquals(1, b.statistics().of("iaa", Direction.COMPRESS).getFallbacksDeviceBusy());
            assertEquals(1, b.statistics().of("libdeflate", Direction.COMPRESS).getOperations());
        }
        long executeCalls = DeviceEmulators.Iaa.count("calls") - callsBefore;
        assertTrue(executeCalls >= 4 && executeCalls <= 8, "1 try + 3 retries (plus set-up calls), got " + executeCalls);
    }

    @Test
    void iaaBusyAtALowRateIsAbsorbedByRetries() throws Exception {
        configure("iaa", "device=1,seed=3,busy_rate=0.2");
        try (DeflateBridge b = bridge(only("iaa"))) {
            assertEquals(0, wrongResults(b));
            EngineStatistics c = b.statistics().of("iaa", Direction.COMPRESS);
            assertTrue(c.getFallbacksDeviceBusy() < c.getOperations() / 20, c.summary());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"qat", "iaa"})
    void absentDeviceMakesTheEngineUnavailableAndCostsNothingPerCall(String accelerator) throws Exception {
        configure(accelerator, "device=0");
        try (DeflateBridge b = bridge(only(accelerator))) {
            DeflateEngine e = b.engines().get(0);
            assertEquals(accelerator, e.name());
            assertFalse(e.status().isAvailable());
            assertTrue(e.status().detail().contains("device"), e.status().detail());
            long calls = emulatorCount(accelerator, "calls");
            assertEquals(0, wrongResults(b));
            assertEquals(calls, emulatorCount(accelerator, "calls"), "an absent device must not be called per chunk");
            // 32 threads on 8 libdeflate contexts: calls that find them all busy go on to zlib,
            // and those that find zlib's busy too go back to Cassandra's own code: every compress
            // call is exactly one of the three.
            assertEquals(THREADS * CHUNKS_PER_THREAD, b.statistics().of("libdeflate", Direction.COMPRESS).getOperations()
                    + b.statistics().of("zlib", Direction.COMPRESS).getOperations() + compressHandedBack.get());
        }
    }

    @Test
    void iaaWrittenDataReadsBackThroughEveryOtherEngine() throws Exception {
        List<byte[]> chunks = new ArrayList<>();
        for (byte[] file : TestData.corpus().values()) {
            for (byte[] chunk : TestData.chunks(file, 16 * 1024)) {
                // Incompressible chunks can exceed deflateBound on IAA and go to libdeflate.
                if (TestData.zlibCompress(chunk).length < chunk.length * 0.95) {
                    chunks.add(chunk);
                }
            }
        }
        try (DeflateBridge b = bridge(only("iaa"))) {
            List<DeflateEngine> readers = Arrays.asList(new ZlibEngine(2),
                    LibdeflateEngine.open(LibdeflateEngine.DEFAULT_LIBRARY, 6, 2, 1 << 20),
                    IgzipEngine.open(IgzipEngine.DEFAULT_LIBRARY, 1, 2, 1 << 20),
                    QatEngine.open(DeviceEmulators.qatLibrary(), 1, false, true, 2, 1 << 20));
            for (byte[] chunk : chunks) {
                byte[] out = new byte[TestData.bound(chunk.length)];
                int n = b.compress(chunk, 0, chunk.length, out, 0, out.length);
                assertEquals(0x48, out[0] & 0xff, "IAA writes a 4 KiB-window header");
                byte[] stream = Arrays.copyOf(out, n);
                assertArrayEquals(chunk, TestData.zlibDecompress(stream, chunk.length), "java.util.zip reads IAA data");
                for (DeflateEngine r : readers) {
                    byte[] back = new byte[chunk.length];
                    assertEquals(chunk.length, r.decompress(stream, 0, n, back, 0, back.length), r.name());
                    assertArrayEquals(chunk, back, r.name());
                }
            }
            assertEquals(chunks.size(), b.statistics().of("iaa", Direction.COMPRESS).getOperations());
            readers.forEach(DeflateEngine::close);
        }
    }

    @Test
    void prependEmptyBlockWritesZlibAccelsMarker() throws Exception {
        try (DeflateBridge b = bridge(only("iaa")[0], only("iaa")[1], only("iaa")[2], "iaa_prepend_empty_block = 1")) {
            byte[] chunk = TestData.cassandraLikeRows(16 * 1024, 5);
            byte[] out = new byte[TestData.bound(chunk.length)];
            int n = b.compress(chunk, 0, chunk.length, out, 0, out.length);
            assertArrayEquals(new byte[] {0, 0, 0, (byte) 0xFF, (byte) 0xFF}, Arrays.copyOfRange(out, 2, 7));
            assertArrayEquals(chunk, TestData.zlibDecompress(Arrays.copyOf(out, n), chunk.length));
            assertEquals(1, b.statistics().of("iaa", Direction.COMPRESS).getOperations());
        }
    }

    @Test
    void iaaPercentageSplitsWorkWhenBothAcceleratorsQualify() throws Exception {
        try (DeflateBridge b = bridge("use_iaa_compress = 1", "iaa_compress_percentage = 30")) {
            byte[] chunk = TestData.cassandraLikeRows(4 * 1024, 6);
            byte[] out = new byte[TestData.bound(chunk.length)];
            for (int i = 0; i < 2000; i++) {
                b.compress(chunk, 0, chunk.length, out, 0, out.length);
            }
            long iaa = b.statistics().of("iaa", Direction.COMPRESS).getOperations();
            long qat = b.statistics().of("qat", Direction.COMPRESS).getOperations();
            assertEquals(2000, iaa + qat);
            assertTrue(iaa > 2000 * 0.25 && iaa < 2000 * 0.35, "about 30% to IAA, got " + iaa);
        }
    }

    @ParameterizedTest(name = "igzip_fallback = {0}")
    @CsvSource({"0, libdeflate", "1, igzip"})
    void igzipFallbackDecidesWhereAFailedAcceleratorCallGoes(int igzipFallback, String expectedEngine) throws Exception {
        DeviceEmulators.Qat.configure("device=1,error_rate=1");
        try (DeflateBridge b = bridge("use_igzip_compress = 1", "igzip_fallback = " + igzipFallback)) {
            byte[] chunk = TestData.cassandraLikeRows(16 * 1024, 7);
            byte[] out = new byte[TestData.bound(chunk.length)];
            b.compress(chunk, 0, chunk.length, out, 0, out.length);
            assertEquals(1, b.statistics().of(expectedEngine, Direction.COMPRESS).getOperations());
        }
    }

    @Test
    void chunkingIsRefusedWithTheReason() {
        try (DeflateBridge b = bridge("qat_compression_allow_chunking = 1")) {
            String log = utf8(logged);
            assertTrue(log.contains("qat_compression_allow_chunking = 1 refused"), log);
            assertTrue(log.contains("Inflater stops after the first"), log);
            assertEquals(1, b.config().value(ConfigKey.QAT_COMPRESSION_ALLOW_CHUNKING));
        }
    }

    @Test
    void qatDeclinesInputsAboveItsHardwareBuffer() throws Exception {
        try (DeflateBridge b = bridge(only("qat"))) {
            byte[] chunk = TestData.cassandraLikeRows(128 * 1024, 8);
            byte[] out = new byte[TestData.bound(chunk.length)];
            int n = b.compress(chunk, 0, chunk.length, out, 0, out.length);
            // One stream (libdeflate's), not QAT's hardware-split concatenation.
            assertArrayEquals(chunk, TestData.zlibDecompress(Arrays.copyOf(out, n), chunk.length));
            assertEquals(1, b.statistics().of("qat", Direction.COMPRESS).getFallbacksInputNotAccepted());
        }
    }
}
