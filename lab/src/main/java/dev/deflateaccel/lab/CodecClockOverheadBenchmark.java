package dev.deflateaccel.lab;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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

import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.stats.CodecClock;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;
import dev.deflateaccel.sample.RowBytes;

/**
 * What timing the codec's CPU costs per call (issue 43: under 1% of the codec time it measures).
 * {@code timing=sampled} is what the agent's woven path does around every call (CassandraRoute:
 * {@link CodecClock#begin()}, the bridge's call, which names the engine that served it, and the
 * call's end: the thread CPU clock read twice on one call in 32); {@code off} is the same bridge
 * call alone. On a shared machine the codec's own time drifts more than sampled's cost between
 * benchmarks, so {@code every} magnifies it: the thread's CPU clock read around every call, as a
 * timed call reads it (32 times what sampling costs, with the codec's work between the reads);
 * ({@code every} / {@code off} - 1) / 32 is sampling's cost with a resolvable spread. {@code clockOnly}
 * measures the sampled timing's cost per call with no codec work at all.
 *
 * <pre>mvn -B -ntp -o package -pl agent,lab -am -DskipTests
 * java -cp "lab/target/deflate-accel-lab.jar:lab/target/lib/*:agent/target/deflate-accel-agent.jar" \
 *   org.openjdk.jmh.Main CodecClockOverheadBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgs = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 6, time = 1)
public class CodecClockOverheadBenchmark {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Param({"4096", "16384"})
    public int size;

    @Param({"libdeflate", "igzip", "zlib"})
    public String engine;

    @Param({"off", "sampled", "every"})
    public String timing;

    private DeflateBridge bridge;
    private byte[] input;
    private byte[] compressed;
    private int compressedLength;
    private byte[] output;
    private final EngineStatistics stats = new EngineStatistics("clock-only", Direction.COMPRESS);

    @Setup
    public void setUp() {
        // Only this engine on, as the routing benchmark configures it.
        bridge = OneEngineBridge.open(engine, "codec-clock-benchmark");
        input = RowBytes.generate(size, Datasets.GENERATED_SEED);
        output = new byte[size + size / 8 + 64];
        compressed = new byte[output.length];
        compressedLength = served(bridge.tryCompress(input, 0, size, compressed, 0, compressed.length));
    }

    @Benchmark
    public long compress() {
        long start = begin();
        return end(start, bridge.tryCompress(input, 0, size, output, 0, output.length));
    }

    @Benchmark
    public long decompress() {
        long start = begin();
        return end(start, bridge.tryDecompress(compressed, 0, compressedLength, output, 0, output.length));
    }

    /** off: nothing; sampled: the agent's CodecClock; every: the thread's CPU clock, read now. */
    private long begin() {
        if (timing.equals("sampled")) {
            CodecClock.begin();
        }
        return timing.equals("every") ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    /** The call's end as {@link #begin()}'s mode has it; returns the interval too, so it is not optimised away. */
    private long end(long start, int n) {
        served(n);
        if (timing.equals("sampled")) {
            CodecClock.current().end();
        }
        return timing.equals("every") ? THREADS.getCurrentThreadCpuTime() - start + n : n;
    }

    /** The sampled timing's cost per call with no codec work between (one call in 32 reads the clock twice). */
    @Benchmark
    public CodecClock.Call clockOnly() {
        CodecClock.Call call = CodecClock.begin();
        call.servedBy(stats);
        call.end();
        return call;
    }

    private int served(int n) {
        return OneEngineBridge.served(bridge, n);
    }

    @TearDown
    public void tearDown() {
        bridge.close();
    }
}
