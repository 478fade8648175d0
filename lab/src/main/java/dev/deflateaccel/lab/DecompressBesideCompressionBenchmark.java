package dev.deflateaccel.lab;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.sample.RowBytes;

/**
 * Does a decompression cost more while another core compresses with the same engine, as a read
 * does beside a compaction (issue 43: on a 5.0 node igzip's decompression cost 0.74× stock's CPU
 * per call in the mixed window, 0.65× with reads only; libdeflate 0.62× and 0.55×)? {@code alone}
 * decompresses on one thread; {@code beside} does the same while a second thread compresses with
 * the same engine, as the node's compaction does with the engine it runs. Both cycle through
 * {@value #CHUNKS} different chunks, so that, as on a node, the chunk being decoded is not already
 * in the caches. The measure is a call's time on its thread (JMH's average time per operation, one
 * thread per core on a 2-core machine).
 *
 * <pre>mvn -B -ntp -o package -pl agent,lab -am -DskipTests
 * java -cp "lab/target/deflate-accel-lab.jar:lab/target/lib/*:agent/target/deflate-accel-agent.jar" \
 *   org.openjdk.jmh.Main DecompressBesideCompressionBenchmark</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgs = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DecompressBesideCompressionBenchmark {
    static final int CHUNKS = 1024;

    /** One thread's engine and chunks: each thread has its own, as each of Cassandra's has its own buffers. */
    @State(Scope.Thread)
    public static class Chunks {
        @Param({"16384"})
        public int size;

        @Param({"zlib", "libdeflate", "igzip"})
        public String engine;

        DeflateBridge bridge;
        byte[][] plain;
        byte[][] compressed;
        int[] compressedLength;
        byte[] output;
        int next;

        @Setup
        public void setUp() {
            bridge = OneEngineBridge.open(engine, "decompress-beside-compression");
            plain = new byte[CHUNKS][];
            compressed = new byte[CHUNKS][];
            compressedLength = new int[CHUNKS];
            output = new byte[size + size / 8 + 64];
            for (int i = 0; i < CHUNKS; i++) {
                plain[i] = RowBytes.generate(size, Datasets.GENERATED_SEED + i);
                compressed[i] = new byte[output.length];
                compressedLength[i] = served(bridge.tryCompress(plain[i], 0, size, compressed[i], 0, output.length));
            }
        }

        int nextChunk() {
            next = (next + 1) % CHUNKS;
            return next;
        }

        int served(int n) {
            return OneEngineBridge.served(bridge, n);
        }

        @TearDown
        public void tearDown() {
            bridge.close();
        }
    }

    @Benchmark
    @Group("alone")
    @GroupThreads(1)
    public int decompressAlone(Chunks c) {
        return decompress(c);
    }

    @Benchmark
    @Group("beside")
    @GroupThreads(1)
    public int decompress(Chunks c) {
        int i = c.nextChunk();
        return c.served(c.bridge.tryDecompress(c.compressed[i], 0, c.compressedLength[i], c.output, 0, c.output.length));
    }

    @Benchmark
    @Group("beside")
    @GroupThreads(1)
    public int compress(Chunks c) {
        int i = c.nextChunk();
        return c.served(c.bridge.tryCompress(c.plain[i], 0, c.size, c.output, 0, c.output.length));
    }
}
