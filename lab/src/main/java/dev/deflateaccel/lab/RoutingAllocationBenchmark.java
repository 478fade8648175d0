package dev.deflateaccel.lab;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
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
import dev.deflateaccel.bridge.config.ConfigFile;
import dev.deflateaccel.sample.RowBytes;

/**
 * The agent's per-call path, through DeflateBridge's one routing loop into libdeflate, from heap
 * arrays and from direct buffers, both directions. Run with {@code -prof gc}: the allocation
 * per operation ({@code gc.alloc.rate.norm}) must be 0 B/op, because Cassandra calls this for
 * every chunk on hundreds of threads.
 *
 * <pre>java -cp "lab/target/deflate-accel-lab.jar:lab/target/lib/*:agent/target/deflate-accel-agent.jar" \
 *   org.openjdk.jmh.Main RoutingAllocationBenchmark -prof gc</pre>
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
        AccelLog quiet = AccelLog.to(new PrintStream(OutputStream.nullOutputStream()), AccelLog.NONE);
        bridge = DeflateBridge.create(ConfigFile.parse(List.of("use_qat_compress = 0", "use_qat_uncompress = 0",
                "use_zlib_compress = 0", "use_zlib_uncompress = 0"), "routing-benchmark"), quiet);
        input = RowBytes.generate(size, Datasets.GENERATED_SEED);
        output = new byte[size + size / 8 + 64];
        compressed = new byte[output.length];
        compressedLength = bridge.tryCompress(input, 0, size, compressed, 0, compressed.length);
        if (compressedLength <= 0) {
            throw new IllegalStateException("libdeflate is not serving: " + compressedLength);
        }
        directIn = ByteBuffer.allocateDirect(size).put(input);
        directCompressed = ByteBuffer.allocateDirect(compressedLength).put(compressed, 0, compressedLength);
        directOut = ByteBuffer.allocateDirect(output.length);
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

    @TearDown
    public void tearDown() {
        bridge.close();
    }
}
