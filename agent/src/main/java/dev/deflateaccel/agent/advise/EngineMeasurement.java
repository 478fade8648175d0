package dev.deflateaccel.agent.advise;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.zip.Inflater;

/**
 * Measures a codec on a sample. First a pass over every sampled chunk: compress, decompress with
 * the same codec, compare with the original, and inflate with stock java.util.zip and compare
 * again (what a stock node would read back), summing the bytes each chunk would take in Data.db.
 * Then speed, on a spread subset of the chunks (up to {@link #TIMING_BYTES}): one warm-up pass
 * per direction, then alternating compress and decompress passes until its deadline,
 * at least {@link #MIN_PASSES} of each. Time is this thread's CPU time where the JVM gives it (a
 * busy neighbour on the host does not slow the figure down), else wall time.
 */
final class EngineMeasurement {
    static final long TIMING_BYTES = 4L << 20;
    static final int MIN_PASSES = 3;
    static final int MAX_PASSES = 50;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private EngineMeasurement() {
    }

    static boolean cpuTime() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    /** An engine or stock zlib: sizes, round trip, speeds. */
    static Measurement measure(Candidate candidate, SourceCodec codec, List<SampledChunk> chunks, long deadlineNanos) {
        int maxLength = 0;
        for (SampledChunk c : chunks) {
            maxLength = Math.max(maxLength, c.uncompressed.length);
        }
        byte[] out = new byte[codec.bound(maxLength)];
        Inflater stock = new Inflater();
        List<SampledChunk> timed = timingSubset(chunks);
        Set<SampledChunk> isTimed = Collections.newSetFromMap(new IdentityHashMap<SampledChunk, Boolean>());
        isTimed.addAll(timed);
        List<byte[]> streams = new ArrayList<>();
        long bytes = 0;
        String failure = null;
        try {
            for (int i = 0; i < chunks.size(); i++) {
                SampledChunk c = chunks.get(i);
                if (c.empty()) {
                    bytes += c.bytesWith(0);
                    continue;
                }
                int n;
                try {
                    n = codec.compress(c.uncompressed, out);
                } catch (EngineCodec.Declined e) {
                    return Measurement.notMeasured(candidate, e.getMessage() + " on a chunk of " + c.uncompressed.length
                            + " bytes");
                }
                bytes += c.bytesWith(n);
                if (failure == null) {
                    failure = roundTrip(codec, stock, out, n, c.uncompressed, i);
                }
                if (isTimed.contains(c)) {
                    streams.add(Arrays.copyOf(out, n));
                }
            }
        } catch (Exception e) {
            return Measurement.notMeasured(candidate, "failed: " + e);
        } finally {
            stock.end();
        }
        if (failure != null) {
            return new Measurement(candidate, candidate.label(), null, failure, bytes, Rates.NONE, Rates.NONE);
        }
        try {
            Rates[] r = time(codec, timed, streams, out, deadlineNanos);
            return new Measurement(candidate, candidate.label(), null, null, bytes, r[0], r[1]);
        } catch (Exception e) {
            // It completed every chunk once; a failure on the same chunks again is a fault to show.
            return Measurement.notMeasured(candidate, "failed while timing: " + e);
        }
    }

    /** The current compressor: its stored bytes as they are, its speeds on the same subset. */
    static Measurement current(String label, SourceCodec codec, List<SampledChunk> chunks, long deadlineNanos) {
        long bytes = 0;
        List<SampledChunk> timed = new ArrayList<>();
        List<byte[]> streams = new ArrayList<>();
        int maxLength = 0;
        for (SampledChunk c : chunks) {
            bytes += c.currentBytes();
            maxLength = Math.max(maxLength, c.uncompressed.length);
        }
        for (SampledChunk c : timingSubset(chunks)) {
            if (!c.storedUncompressed && !c.empty()) {
                timed.add(c);
                streams.add(c.stored);
            }
        }
        try {
            Rates[] r = time(codec, timed, streams, new byte[codec.bound(maxLength)], deadlineNanos);
            return new Measurement(null, label, null, null, bytes, r[0], r[1]);
        } catch (Exception e) {
            return new Measurement(null, label, null, null, bytes, Rates.NONE, Rates.NONE);
        }
    }

    /** Every m-th chunk, so that the subset is spread like the sample, up to TIMING_BYTES. */
    static List<SampledChunk> timingSubset(List<SampledChunk> chunks) {
        long total = 0;
        for (SampledChunk c : chunks) {
            total += c.uncompressed.length;
        }
        int step = (int) Math.max(1, (total + TIMING_BYTES - 1) / TIMING_BYTES);
        List<SampledChunk> subset = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i += step) {
            if (!chunks.get(i).empty()) {
                subset.add(chunks.get(i));
            }
        }
        return subset;
    }

    private static String roundTrip(SourceCodec codec, Inflater stock, byte[] stream, int n, byte[] original,
            int index) {
        byte[] exact = new byte[original.length];
        try {
            codec.decompress(stream, n, exact);
        } catch (EngineCodec.Declined e) {
            return "sample chunk " + index + ": its own output, " + e.getMessage();
        } catch (Exception e) {
            return "sample chunk " + index + ": its own output does not decompress: " + e.getMessage();
        }
        if (!Arrays.equals(exact, original)) {
            return "sample chunk " + index + ": decompressed, it differs from the original";
        }
        try {
            DeflateSource.inflate(stock, stream, n, exact);
        } catch (Exception e) {
            return "sample chunk " + index + ": stock java.util.zip cannot read it: " + e.getMessage();
        }
        if (!Arrays.equals(exact, original)) {
            return "sample chunk " + index + ": stock java.util.zip reads it differently from the original";
        }
        return null;
    }

    /** [compress, decompress] rates over {@code timed} and its {@code streams}. */
    private static Rates[] time(SourceCodec codec, List<SampledChunk> timed, List<byte[]> streams, byte[] out,
            long deadlineNanos) throws Exception {
        if (timed.isEmpty()) {
            return new Rates[] {Rates.NONE, Rates.NONE};
        }
        long bytes = 0;
        byte[][] backs = new byte[timed.size()][];
        for (int i = 0; i < timed.size(); i++) {
            bytes += timed.get(i).uncompressed.length;
            backs[i] = new byte[timed.get(i).uncompressed.length];
        }
        compressPass(codec, timed, out);
        decompressPass(codec, streams, backs);
        List<Double> c = new ArrayList<>();
        List<Double> d = new ArrayList<>();
        long end = deadlineNanos;
        while (c.size() < MIN_PASSES || (System.nanoTime() < end && c.size() < MAX_PASSES)) {
            long t0 = now();
            compressPass(codec, timed, out);
            long t1 = now();
            decompressPass(codec, streams, backs);
            long t2 = now();
            c.add(bytes / 1e6 / (Math.max(1, t1 - t0) / 1e9));
            d.add(bytes / 1e6 / (Math.max(1, t2 - t1) / 1e9));
        }
        return new Rates[] {Rates.of(c), Rates.of(d)};
    }

    private static void compressPass(SourceCodec codec, List<SampledChunk> timed, byte[] out) throws Exception {
        for (SampledChunk c : timed) {
            codec.compress(c.uncompressed, out);
        }
    }

    private static void decompressPass(SourceCodec codec, List<byte[]> streams, byte[][] backs) throws Exception {
        for (int i = 0; i < streams.size(); i++) {
            byte[] s = streams.get(i);
            codec.decompress(s, s.length, backs[i]);
        }
    }

    private static long now() {
        return cpuTime() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
