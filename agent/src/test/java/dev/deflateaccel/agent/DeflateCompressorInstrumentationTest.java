package dev.deflateaccel.agent;

import static dev.deflateaccel.bridge.Backports.lines;
import static dev.deflateaccel.bridge.Backports.utf8;
import static dev.deflateaccel.bridge.Backports.utf8PrintStream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.TestData;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.description.type.TypeDescription;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real DeflateCompressor of cassandra-all 4.0, 4.1, 5.0 and 6.0-alpha2, woven in-process:
 * calls reach the configured engine, what it writes the stock class reads, and when engines
 * decline or are off Cassandra's own code runs and its results (including for corrupt input)
 * are exactly what stock Cassandra gives.
 */
class DeflateCompressorInstrumentationTest {
    private static final Instrumentation INST = ByteBuddyAgent.install();

    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private ResettableClassFileTransformer transformer;
    private DeflateBridge bridge;

    static Stream<String> versions() {
        return CassandraJars.versions().stream();
    }

    private void weave(String... configLines) {
        AccelLog log = AccelLog.to(utf8PrintStream(logged), AccelLog.INFO);
        bridge = DeflateBridge.create(ConfigFile.parse(Arrays.asList(configLines), "test.conf"), log);
        CassandraRoute.install(bridge);
        transformer = DeflateCompressorInstrumentation.install(INST, log);
    }

    @AfterEach
    void unweave() {
        if (transformer != null) {
            transformer.reset(INST, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
        }
        CassandraRoute.uninstall();
        if (bridge != null) {
            bridge.close();
        }
    }

    private static List<byte[]> chunks() {
        List<byte[]> chunks = new ArrayList<>();
        for (byte[] file : TestData.corpus().values()) {
            chunks.addAll(TestData.chunks(file, 16 * 1024));
            if (chunks.size() > 120) {
                break;
            }
        }
        return chunks;
    }

    private EngineStatistics stats(String engine, Direction d) {
        return bridge.statistics().of(engine, d);
    }

    @ParameterizedTest(name = "cassandra-all {0}")
    @MethodSource("versions")
    void everyEntryPointReachesTheEngineAndStockReadsTheResult(String version) throws Exception {
        weave("use_igzip_compress = 1", "use_igzip_uncompress = 0");
        List<byte[]> chunks = chunks();
        List<byte[]> streams;
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            streams = EntryPointExercise.run(new DeflateCompressorCalls(loader), chunks);
        }
        assertTrue(utf8(logged).contains("instrumented " + DeflateCompressorInstrumentation.TARGET));
        assertEquals(chunks.size() * EntryPointExercise.COMPRESS_CALLS_PER_CHUNK, stats("igzip", Direction.COMPRESS).getOperations());
        assertEquals(chunks.size() * EntryPointExercise.UNCOMPRESS_CALLS_PER_CHUNK, stats("libdeflate", Direction.DECOMPRESS).getOperations());
        assertEquals(0, stats("cassandra", Direction.COMPRESS).getOperations());
        assertEquals(0, stats("cassandra", Direction.DECOMPRESS).getOperations());
        assertEquals(0, stats("igzip", Direction.COMPRESS).getFallbacks());

        // Unweave; a fresh loader now gets the stock class, which must read everything we wrote.
        unweave();
        transformer = null;
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            DeflateCompressorCalls stock = new DeflateCompressorCalls(loader);
            for (int i = 0; i < streams.size(); i++) {
                byte[] chunk = chunks.get(i / EntryPointExercise.COMPRESS_CALLS_PER_CHUNK);
                byte[] s = streams.get(i);
                byte[] back = new byte[chunk.length];
                assertEquals(chunk.length, stock.uncompress(s, 0, s.length, back, 0));
                assertArrayEquals(chunk, back);
            }
        }
    }

    @ParameterizedTest(name = "cassandra-all {0}")
    @MethodSource("versions")
    void declinedCallsRunCassandrasOwnCode(String version) throws Exception {
        // libdeflate takes up to 64 KiB; zlib is off, so larger chunks go to Cassandra's code.
        weave("max_native_buffer_kb = 64", "use_zlib_compress = 0", "use_zlib_uncompress = 0");
        byte[] big = TestData.cassandraLikeRows(100 * 1024, 5);
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            DeflateCompressorCalls c = new DeflateCompressorCalls(loader);
            EntryPointExercise.run(c, Arrays.asList(big));
        }
        assertEquals(0, stats("libdeflate", Direction.COMPRESS).getOperations());
        assertEquals(EntryPointExercise.COMPRESS_CALLS_PER_CHUNK, stats("libdeflate", Direction.COMPRESS).getFallbacksInputNotAccepted());
        assertEquals(EntryPointExercise.COMPRESS_CALLS_PER_CHUNK, stats("cassandra", Direction.COMPRESS).getOperations());
        assertEquals(EntryPointExercise.UNCOMPRESS_CALLS_PER_CHUNK, stats("cassandra", Direction.DECOMPRESS).getOperations());
    }

    @ParameterizedTest(name = "cassandra-all {0}")
    @MethodSource("versions")
    void withEveryEngineOffTheClassBehavesStock(String version) throws Exception {
        weave("use_libdeflate_compress = 0", "use_libdeflate_uncompress = 0",
                "use_zlib_compress = 0", "use_zlib_uncompress = 0");
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            EntryPointExercise.run(new DeflateCompressorCalls(loader), TestData.chunks(TestData.cassandraLikeRows(64 * 1024, 6), 16 * 1024));
        }
        assertEquals(4 * EntryPointExercise.COMPRESS_CALLS_PER_CHUNK, stats("cassandra", Direction.COMPRESS).getOperations());
    }

    /** What each entry point returns or throws for odd input, as text, to compare woven with stock. */
    private static List<String> oddInputOutcomes(DeflateCompressorCalls c) {
        byte[] data = TestData.cassandraLikeRows(16 * 1024, 7);
        byte[] stream = TestData.zlibCompress(data);
        byte[] corrupt = stream.clone();
        corrupt[stream.length / 2] ^= 0x5a;
        byte[] badChecksum = stream.clone();
        badChecksum[stream.length - 1] ^= 1;
        byte[] trailingBytes = Arrays.copyOf(stream, stream.length + 6);
        List<byte[]> inputs = Arrays.asList(new byte[0], Arrays.copyOf(stream, stream.length - 5), corrupt, badChecksum,
                trailingBytes, new byte[] {0x78, (byte) 0x9c, 1, 2, 3, 4, 5, 6, 7});
        List<String> outcomes = new ArrayList<>();
        for (byte[] in : inputs) {
            // Stock uncompressBuffer loops forever on bytes after the end of the stream (finished
            // Inflater never needs input again), so that case is compared on the array path only.
            boolean bufferPathTerminates = in != trailingBytes;
            for (int cap : new int[] {data.length, data.length / 2}) {
                byte[] out = new byte[cap];
                try {
                    int n = c.uncompress(in, 0, in.length, out, 0, cap);
                    outcomes.add("returned " + n + " " + Arrays.hashCode(Arrays.copyOf(out, n)));
                } catch (IOException | RuntimeException e) {
                    outcomes.add("threw " + e.getClass().getName());
                }
                if (!bufferPathTerminates) {
                    continue;
                }
                ByteBuffer bout = ByteBuffer.allocate(cap);
                ByteBuffer bin = ByteBuffer.allocateDirect(Math.max(1, in.length));
                bin.put(in).flip();
                try {
                    c.uncompressBuffer(bin, bout);
                    outcomes.add("buffer " + bin.position() + " " + bout.position() + " " + Arrays.hashCode(bout.array()));
                } catch (IOException | RuntimeException e) {
                    outcomes.add("buffer threw " + e.getClass().getName());
                }
            }
        }
        try {
            outcomes.add("compress empty " + c.compressArray(new byte[0], 0, 0, new byte[64], 0, 64));
        } catch (IOException e) {
            outcomes.add("compress empty threw " + e);
        }
        return outcomes;
    }

    @Test
    void oddInputGivesExactlyWhatStockGives() throws Exception {
        String version = CassandraJars.primary();
        List<String> stock;
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            stock = oddInputOutcomes(new DeflateCompressorCalls(loader));
        }
        weave("use_igzip_uncompress = 1");
        List<String> woven;
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            woven = oddInputOutcomes(new DeflateCompressorCalls(loader));
        }
        assertEquals(stock, woven);
        assertNotNull(Objects.requireNonNull(stock));
        assertTrue(stats("cassandra", Direction.DECOMPRESS).getOperations() > 0, "odd input went to Cassandra's code");
    }

    @Test
    void unknownClassShapeIsLeftStock() {
        TypeDescription notCassandra = TypeDescription.ForLoadedType.of(String.class);
        assertNull(DeflateCompressorShape.of(notCassandra));
        assertEquals(8, DeflateCompressorShape.CASSANDRA_4_0_TO_6_0.missingFrom(notCassandra).size());
    }

    /**
     * Cassandra 3.11's real class has the woven methods but not recommendedUses(): it matches no
     * shape, so the agent leaves it stock, says so in one line, and no call reaches the bridge.
     */
    @Test
    void cassandra311IsLeftStockWithOneLine() throws Exception {
        weave("use_libdeflate_compress = 1", "use_libdeflate_uncompress = 1");
        byte[] chunk = chunks().get(0);
        byte[] compressed = new byte[chunk.length * 2 + 64];
        byte[] restored = new byte[chunk.length];
        String loaderName;
        try (URLClassLoader loader = CassandraJars.loader(CassandraJars.CASSANDRA_3_11)) {
            loaderName = loader.toString();
            DeflateCompressorCalls calls = new DeflateCompressorCalls(loader);
            int length = calls.compressArray(chunk, 0, chunk.length, compressed, 0, compressed.length);
            assertEquals(chunk.length, calls.uncompress(compressed, 0, length, restored, 0, restored.length));
        }
        assertArrayEquals(chunk, restored);
        for (String engine : new String[] {"libdeflate", "cassandra"}) {
            for (Direction d : Direction.values()) {
                assertEquals(0, stats(engine, d).getOperations(), engine + " " + d + " counted a call on 3.11");
            }
        }
        // Earlier tests' classes, still loaded, are woven again by this test's transformer and logged.
        List<String> lines = lines(utf8(logged)).filter(l -> l.contains(loaderName)).collect(Collectors.toList());
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("matches no known shape (it lacks [recommendedUses()Ljava/util/Set;]): not a"
                + " Cassandra release the agent serves (4.0 to 6.0-alpha); DeflateCompressor stays stock"), lines.get(0));
    }

    /** Every tested Cassandra's real class has a known shape, and that shape's version range covers it. */
    @ParameterizedTest(name = "cassandra-all {0}")
    @MethodSource("versions")
    void everyTestedVersionHasItsShape(String version) throws Exception {
        try (URLClassLoader loader = CassandraJars.loader(version)) {
            TypeDescription type = TypeDescription.ForLoadedType.of(
                    Class.forName(DeflateCompressorInstrumentation.TARGET, false, loader));
            DeflateCompressorShape shape = DeflateCompressorShape.of(type);
            assertNotNull(shape, version + " matches no known shape");
            assertTrue(shape.covers(version), shape + " does not cover " + version);
        }
    }

    /** The README's supported-versions line names exactly what is tested. */
    @Test
    void readmeNamesEveryTestedVersion() throws Exception {
        String readme = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("../README.md")),
                StandardCharsets.UTF_8);
        for (String version : CassandraJars.versions()) {
            assertTrue(readme.contains(version), "README does not name tested version " + version);
        }
    }
}
