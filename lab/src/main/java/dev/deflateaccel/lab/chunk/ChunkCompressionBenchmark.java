package dev.deflateaccel.lab.chunk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.apache.cassandra.io.compress.ICompressor;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.Chunker;
import dev.deflateaccel.lab.Datasets;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.tools.CompressorPasses;

/**
 * One compressed-SSTable chunk per operation through Cassandra's real compressor classes, with the
 * calls Cassandra makes: {@code compress(ByteBuffer, ByteBuffer)} when a writer flushes a chunk and
 * {@code uncompress(ByteBuffer, ByteBuffer)} when a reader loads one. Buffers are of the
 * compressor's {@link ICompressor#preferredBufferType()}, as Cassandra allocates them: on-heap for
 * Deflate (what the agent intercepts), direct for LZ4 and Zstd (Zstd supports nothing else).
 *
 * Operations walk the data set's chunks in order and wrap around. Every chunk holds exactly
 * {@code chunkKiB * 1024} uncompressed bytes ({@link Chunker}), so for both directions
 * MB/s of uncompressed data = score (ops/s) x chunkKiB x 1024 / 10^6.
 *
 * {@code engine} names what must have served the calls: "none" (stock, the default) or the engine
 * the fork's -javaagent routes to. {@link EngineCheck} enforces it when the fork ends; a fork that
 * did not route throws, which fails the JMH run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChunkCompressionBenchmark {
    @Param({"4", "16", "64"})
    public int chunkKiB;

    @Param({"calgary", "canterbury"})
    public String dataset;

    @Param({CassandraCodecs.DEFLATE})
    public String codec;

    @Param({EngineCheck.NONE})
    public String engine;

    /**
     * What the report needs from a fork besides its score, as JMH secondary results. JMH zeroes
     * EVENTS counters at the start of every iteration and reads them at its end, after the
     * trial's teardown in the last one: {@link #verifyServingEngine} sets them there, so each
     * fork's counters sum to its facts (and JMH takes them only from a state given to a helper
     * method, never to the benchmark methods as well).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class ForkFacts {
        public long uncompressedBytes;
        public long compressedBytes;
        /** 1 once the engine check passed, with the calls it found served by the expected code. */
        public long engineChecks;
        public long compressCallsChecked;
        public long decompressCallsChecked;
    }

    private ICompressor compressor;
    private CompressorPasses chunks;
    private ByteBuffer[] plain;
    private ByteBuffer[] packed;
    private ByteBuffer compressTarget;
    private ByteBuffer decompressTarget;
    private int cursor;
    // Counted so the engine check can compare the agent's Operations with the calls really made.
    private long compressCalls;
    private long decompressCalls;

    /** Every chunk compressed once and checked to round-trip ({@link CompressorPasses}), before anything is timed. */
    @Setup(Level.Trial)
    public void prepareChunks() throws IOException {
        int chunkBytes = chunkKiB * 1024;
        compressor = CassandraCodecs.create(codec);
        chunks = new CompressorPasses(compressor,
                Chunker.cut(Datasets.load(dataset, RepoLayout.corpusDir()), chunkBytes), chunkBytes);
        plain = chunks.inputs(true);
        packed = chunks.inputs(false);
        compressTarget = compressor.preferredBufferType().allocate(compressor.initialCompressedBufferLength(chunkBytes));
        decompressTarget = compressor.preferredBufferType().allocate(chunkBytes);
        compressCalls = chunks.compressCalls;
        decompressCalls = chunks.decompressCalls;
    }

    @Benchmark
    public int compress() throws IOException {
        compressCalls++;
        return oneChunk(plain, compressTarget, true);
    }

    @Benchmark
    public int decompress() throws IOException {
        decompressCalls++;
        return oneChunk(packed, decompressTarget, false);
    }

    /** One operation: the next chunk of {@code inputs}, through the compressor, into {@code target}. */
    private int oneChunk(ByteBuffer[] inputs, ByteBuffer target, boolean compress) throws IOException {
        ByteBuffer input = inputs[cursor];
        cursor = cursor + 1 == inputs.length ? 0 : cursor + 1;
        return CompressorPasses.call(compressor, compress, input, target);
    }

    @TearDown(Level.Trial)
    public void verifyServingEngine(ForkFacts facts) {
        facts.uncompressedBytes = chunks.rawBytes;
        facts.compressedBytes = chunks.compressedBytes;
        System.out.println("[deflate-accel bench] engine check: OK "
                + EngineCheck.verify(engine, compressCalls, decompressCalls));
        facts.engineChecks = 1;
        facts.compressCallsChecked = compressCalls;
        facts.decompressCallsChecked = decompressCalls;
    }
}
