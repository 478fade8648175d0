package dev.deflateaccel.agent.acceptance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.sample.RowBytes;

/**
 * Compress and decompress MB/s (10^6 bytes of uncompressed data per second, one thread) at one
 * chunk size, over 1 MiB of sample rows: a short, rough figure to compare this host's engines
 * with each other and with stock java.util.zip, not a benchmark (lab/ has the JMH one).
 */
final class ChunkSpeed {
    /** Cassandra's smallest common chunk, its default, and QAT's hardware buffer. */
    static final int[] CHUNKS = {4 << 10, 16 << 10, 64 << 10};
    private static final int SAMPLE_BYTES = 1 << 20;
    /** Per direction and chunk size: 18 figures per engine stay under ~6 s. */
    private static final long MEASURE_MILLIS = 300;
    private static final int MIN_ROUNDS = 3;

    /** The two calls measured: the engine's array entry points, or stock java.util.zip. */
    interface Codec {
        int compress(byte[] in, int offset, int length, byte[] out);

        int decompress(byte[] in, int length, byte[] out);
    }

    /** Median MB/s, or NaN with the reason the engine declined chunks of this size. */
    final double compressMBps;
    final double decompressMBps;
    final String declined;

    private ChunkSpeed(double compressMBps, double decompressMBps, String declined) {
        this.compressMBps = compressMBps;
        this.decompressMBps = decompressMBps;
        this.declined = declined;
    }

    static ChunkSpeed measure(Codec codec, int chunk) {
        byte[] sample = RowBytes.generate(SAMPLE_BYTES, 20261130L);
        int chunks = SAMPLE_BYTES / chunk;
        byte[][] streams = new byte[chunks][];
        byte[] out = new byte[JavaZip.cassandraBound(chunk)];
        for (int i = 0; i < chunks; i++) {
            int n = codec.compress(sample, i * chunk, chunk, out);
            if (n < 0) {
                // Timing a pass in which some calls went nowhere would flatter the engine.
                return new ChunkSpeed(Double.NaN, Double.NaN, "compress declined: " + FallbackReason.ofCode(n));
            }
            streams[i] = Arrays.copyOf(out, n);
        }
        byte[] back = new byte[chunk];
        for (byte[] s : streams) {
            int n = codec.decompress(s, s.length, back);
            if (n != chunk) {
                return new ChunkSpeed(Double.NaN, Double.NaN, "decompress declined: " + FallbackReason.ofCode(n));
            }
        }
        double c = median(() -> {
            for (int i = 0; i < chunks; i++) {
                codec.compress(sample, i * chunk, chunk, out);
            }
        });
        double d = median(() -> {
            for (byte[] s : streams) {
                codec.decompress(s, s.length, back);
            }
        });
        return new ChunkSpeed(c, d, null);
    }

    /** Median MB/s of passes over the sample after one warm-up pass, for about MEASURE_MILLIS ({@link SpeedBudget}). */
    private static double median(Runnable pass) {
        pass.run();
        List<Double> rates = new ArrayList<>();
        long deadline = System.nanoTime() + SpeedBudget.nanos(MEASURE_MILLIS);
        while (rates.size() < MIN_ROUNDS || System.nanoTime() < deadline) {
            long t0 = System.nanoTime();
            pass.run();
            rates.add(SAMPLE_BYTES / 1e6 / ((System.nanoTime() - t0) / 1e9));
        }
        rates.sort(null);
        return rates.get(rates.size() / 2);
    }

    /** The engine's array entry points, as compressArray and the 6-argument uncompress call them. */
    static Codec of(DeflateEngine engine) {
        return new Codec() {
            @Override
            public int compress(byte[] in, int offset, int length, byte[] out) {
                return engine.compress(in, offset, length, out, 0, out.length);
            }

            @Override
            public int decompress(byte[] in, int length, byte[] out) {
                return engine.decompress(in, 0, length, out, 0, out.length);
            }
        };
    }

    /**
     * What stock DeflateCompressor runs: one Deflater (level 6) and one Inflater, reset per call
     * (Cassandra keeps them thread-local). The reference every engine is compared with.
     */
    static Codec stock() {
        Deflater deflater = new Deflater();
        Inflater inflater = new Inflater();
        return new Codec() {
            @Override
            public int compress(byte[] in, int offset, int length, byte[] out) {
                deflater.reset();
                deflater.setInput(in, offset, length);
                deflater.finish();
                int n = deflater.deflate(out);
                return deflater.finished() ? n : FallbackReason.OUTPUT_TOO_SMALL.code();
            }

            @Override
            public int decompress(byte[] in, int length, byte[] out) {
                inflater.reset();
                inflater.setInput(in, 0, length);
                try {
                    // As stock uncompress: into exactly the chunk length, zlib may stop before it
                    // reads the checksum, so finished() is not asked.
                    return inflater.inflate(out);
                } catch (DataFormatException e) {
                    return FallbackReason.CORRUPT_INPUT.code();
                }
            }
        };
    }
}
