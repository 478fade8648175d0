package dev.deflateaccel.lab;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.EngineDescriptor;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.sample.RowBytes;

/**
 * The agent's per-call path, through DeflateBridge's one routing loop into each engine in turn,
 * from heap arrays and from direct buffers, both directions. Run with {@code -prof gc}: the
 * allocation per operation ({@code gc.alloc.rate.norm}) must be 0 B/op for every engine,
 * because Cassandra calls this for every chunk on hundreds of threads.
 *
 * <p>QAT and IAA run on the device emulators that native-bridge's tests build (as its tests load
 * them: by path, through {@code qat_library} / {@code iaa_library}), with
 * {@code verify_accelerator_output} at its default, 1, so the output check is measured too.
 * libdeflate stays enabled behind an accelerator, as in the default config (its Adler-32 is what
 * the decompress check uses there); the tear-down fails the run if any call was not served by the
 * engine under test. Emulator numbers say nothing about the devices' speed; allocation is the
 * point here.
 *
 * <pre>mvn -B -ntp -o package -pl agent,lab -am -DskipTests
 * mvn -B -ntp -o process-test-classes -pl sample-data,native-bridge   # builds the emulators
 * java -cp "lab/target/deflate-accel-lab.jar:lab/target/lib/*:agent/target/deflate-accel-agent.jar" \
 *   org.openjdk.jmh.Main RoutingAllocationBenchmark -prof gc</pre>
 *
 * Run from the checkout's root, or pass {@code -jvmArgsAppend -Ddeflateaccel.emulators=DIR}.
 *
 * <p>Reading the numbers: the gc profiler counts every thread of the fork, and about 7 KB/s is
 * allocated there whatever the benchmark does (the same rate at 1 KiB and 16 KiB chunks). On a
 * busy machine, where a 16 KiB call takes 100-300 us, that alone reads as 0.2-2 B/op; with
 * {@code -p size=1024} it falls to ~0.01 B/op, and what is left is the call path's own.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RoutingAllocationBenchmark {
    @Param({"16384"})
    public int size;

    /** An EngineRegistry name; the only engine that may serve the calls. */
    @Param({"qat", "iaa", "igzip", "libdeflate", "zlib"})
    public String engine;

    private DeflateBridge bridge;
    private byte[] input;
    private byte[] compressed;
    private int compressedLength;
    private byte[] output;
    private ByteBuffer directIn;
    private ByteBuffer directCompressed;
    private ByteBuffer directOut;

    @Setup
    public void setUp() {
        EngineDescriptor served = EngineRegistry.named(engine);
        if (served == null) {
            throw new IllegalArgumentException("no engine named " + engine);
        }
        AccelLog quiet = AccelLog.to(new PrintStream(OutputStream.nullOutputStream()), AccelLog.NONE);
        bridge = DeflateBridge.create(ConfigFile.parse(config(served), "routing-benchmark"), quiet);
        input = RowBytes.generate(size, Datasets.GENERATED_SEED);
        output = new byte[size + size / 8 + 64];
        compressed = new byte[output.length];
        compressedLength = bridge.tryCompress(input, 0, size, compressed, 0, compressed.length);
        if (compressedLength <= 0) {
            throw new IllegalStateException(engine + " is not serving: " + compressedLength + "; "
                    + bridge.engines().get(0).status());
        }
        directIn = ByteBuffer.allocateDirect(size).put(input);
        directCompressed = ByteBuffer.allocateDirect(compressedLength).put(compressed, 0, compressedLength);
        directOut = ByteBuffer.allocateDirect(output.length);
    }

    /** Only {@code served} on (plus libdeflate behind an accelerator, as by default), every other engine off. */
    static List<String> config(EngineDescriptor served) {
        boolean accelerator = served.role() == EngineDescriptor.Role.ACCELERATOR;
        List<String> lines = new ArrayList<>();
        for (EngineDescriptor d : EngineRegistry.ALL) {
            int on = d == served || (accelerator && d == EngineRegistry.LIBDEFLATE) ? 1 : 0;
            lines.add(d.compressKey().key() + " = " + on);
            lines.add(d.decompressKey().key() + " = " + on);
        }
        if (accelerator) {
            lines.add(served.libraryKey().key() + " = " + emulator(served));
        }
        return lines;
    }

    private static Path emulator(EngineDescriptor accelerator) {
        Path dir = Paths.get(System.getProperty("deflateaccel.emulators", "native-bridge/target/emulators"));
        Path library = dir.resolve(accelerator == EngineRegistry.QAT ? "libqatzip.so.3" : "libqpl.so").toAbsolutePath();
        if (!Files.isRegularFile(library)) {
            throw new IllegalStateException(library + " is missing: build the emulators with"
                    + " 'mvn -o process-test-classes -pl sample-data,native-bridge' (gcc, zlib1g-dev)");
        }
        return library;
    }

    @Benchmark
    public int compressArrays() {
        return check(bridge.tryCompress(input, 0, size, output, 0, output.length));
    }

    @Benchmark
    public int decompressArrays() {
        return check(bridge.tryDecompress(compressed, 0, compressedLength, output, 0, output.length));
    }

    @Benchmark
    public int compressDirect() {
        directIn.clear();
        directOut.clear();
        return check(bridge.tryCompress(directIn, directOut));
    }

    @Benchmark
    public int decompressDirect() {
        directCompressed.clear();
        directOut.clear();
        return check(bridge.tryDecompress(directCompressed, directOut));
    }

    private static int check(int n) {
        if (n <= 0) {
            throw new IllegalStateException("the bridge declined: " + n);
        }
        return n;
    }

    /** Fails the run if another engine served any call: its allocation would have been measured instead. */
    @TearDown
    public void tearDown() {
        try {
            for (Direction d : Direction.values()) {
                EngineStatistics s = bridge.statistics().of(engine, d);
                if (s.getFallbacks() != 0) {
                    throw new IllegalStateException(engine + " did not serve every call: " + s.summary());
                }
            }
        } finally {
            bridge.close();
        }
    }
}
