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
 * Measures every engine on one sample, interleaved so that a slow patch of the host (a neighbour's
 * burst, a frequency change) falls on every engine alike instead of on whichever ran then.
 *
 * <p>Sizes: chunk by chunk, every engine compresses the chunk, decompresses it and compares it with
 * the original, and stock java.util.zip inflates it and compares again (what a stock node would
 * read back). When the size deadline comes, every engine stops at the same chunk, so all rows are
 * on the same chunks (a spread prefix: the sample is in spread order) and the run says so.
 *
 * <p>Speed: on a spread subset of those chunks (up to {@link #TIMING_BYTES}), one warm-up pass per
 * engine and direction, then rounds, each a compress pass and a decompress pass of every engine in
 * turn (the current compressor too), until the deadline, at least {@link #MIN_PASSES} rounds. Each
 * timed pass follows an untimed one of the same row and direction ({@link Timer#round}). Time is
 * this thread's CPU time where the JVM gives it, else wall time.
 */
final class EngineMeasurement {
    static final long TIMING_BYTES = 4L << 20;
    static final int MIN_PASSES = 3;
    static final int MAX_PASSES = 50;
    /**
     * Every row's warm-up, the current compressor's and each engine's alike: passes until this many
     * calls per direction, or until {@link #WARM_UP_NANOS} have passed. Some codecs are Java code
     * (lz4-java's where its JNI code cannot load, java.util.zip's wrapper, the reflection that
     * reaches the node's jars) that the JIT compiles only after thousands of calls; a row timed
     * colder than another would be charged for it.
     */
    static final int WARM_UP_CALLS = 2000;
    /**
     * 300 ms; the tests, which check what is measured and never how fast, set {@value
     * #WARM_UP_PROPERTY} low, as the doctor's speed figures are (SpeedBudget).
     */
    static final String WARM_UP_PROPERTY = "deflateaccel.advise.warmUpMillis";
    static final long WARM_UP_NANOS = warmUpMillis() * 1_000_000L;

    /** For the report: how every row was warmed up before it was timed. */
    static final String WARM_UP = "each row warmed up alike before it was timed: " + WARM_UP_CALLS
            + " calls per direction, or " + WARM_UP_NANOS / 1_000_000 + " ms, whichever came first; then each timed"
            + " pass right after an untimed one of the same row and direction";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private EngineMeasurement() {
    }

    private static long warmUpMillis() {
        String v = System.getProperty(WARM_UP_PROPERTY, "300");
        try {
            long millis = Long.parseLong(v.trim());
            if (millis >= 0 && millis <= 60_000) {
                return millis;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("-D" + WARM_UP_PROPERTY + "=" + v + " is not valid: expected whole"
                + " milliseconds 0-60000");
    }

    static boolean cpuTime() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    /** Every row of one sample. */
    static final class Result {
        final Measurement current;
        final List<Measurement> engines;
        /** The chunks the rows were measured on: the sample, or its prefix when the size deadline came first. */
        final int chunksMeasured;
        final boolean stoppedByTime;

        Result(Measurement current, List<Measurement> engines, int chunksMeasured, boolean stoppedByTime) {
            this.current = current;
            this.engines = engines;
            this.chunksMeasured = chunksMeasured;
            this.stoppedByTime = stoppedByTime;
        }
    }

    /** One engine to measure: its candidate, and its codec, or why it cannot be measured here. */
    static final class Entry {
        final Candidate candidate;
        final SourceCodec codec;
        final String notAvailable;

        Entry(Candidate candidate, SourceCodec codec, String notAvailable) {
            this.candidate = candidate;
            this.codec = codec;
            this.notAvailable = notAvailable;
        }
    }

    /** One engine's state across the passes. */
    private static final class Run {
        final Entry entry;
        final long[] chunkBytes;
        final List<byte[]> streams = new ArrayList<>();
        /** The compress buffer, allocated once. */
        byte[] out;
        String notMeasured;
        String failure;
        Rates compress = Rates.NONE;
        Rates decompress = Rates.NONE;

        Run(Entry entry, int chunks) {
            this.entry = entry;
            this.chunkBytes = new long[chunks];
            this.notMeasured = entry.notAvailable;
        }

        boolean sizing() {
            return notMeasured == null && failure == null;
        }
    }

    /** One engine alone (the round-trip tests). */
    static Measurement measure(Candidate candidate, SourceCodec codec, List<SampledChunk> chunks, long deadlineNanos) {
        return measureAll("current", null, Collections.singletonList(new Entry(candidate, codec, null)), chunks,
                chunks.size(), Long.MAX_VALUE, deadlineNanos).engines.get(0);
    }

    /**
     * @param currentLabel the current compressor's row label
     * @param currentCodec the table's own compressor, timed on its stored chunks; null: not timed
     * @param population the chunks the sample was drawn from, for the size margin
     * @param sizeDeadline when the size pass stops (System.nanoTime)
     * @param deadline when the timing rounds stop, past {@link #MIN_PASSES}
     */
    static Result measureAll(String currentLabel, SourceCodec currentCodec, List<Entry> entries,
            List<SampledChunk> chunks, long population, long sizeDeadline, long deadline) {
        List<Run> runs = new ArrayList<>();
        for (Entry e : entries) {
            runs.add(new Run(e, chunks.size()));
        }
        List<SampledChunk> timed = timingSubset(chunks);
        Set<SampledChunk> isTimed = Collections.newSetFromMap(new IdentityHashMap<SampledChunk, Boolean>());
        isTimed.addAll(timed);
        int maxLength = 0;
        for (SampledChunk c : chunks) {
            maxLength = Math.max(maxLength, c.uncompressed.length);
        }
        Inflater stock = new Inflater();
        int measured = 0;
        boolean stopped = false;
        try {
            for (int i = 0; i < chunks.size(); i++) {
                if (i > 0 && System.nanoTime() > sizeDeadline) {
                    stopped = true;
                    break;
                }
                SampledChunk c = chunks.get(i);
                for (Run r : runs) {
                    if (r.sizing()) {
                        size(r, c, i, isTimed.contains(c), stock, maxLength);
                    }
                }
                measured = i + 1;
            }
        } finally {
            stock.end();
        }
        List<SampledChunk> used = chunks.subList(0, measured);
        List<SampledChunk> timedUsed = new ArrayList<>();
        for (SampledChunk c : timed) {
            if (indexOf(used, c) >= 0) {
                timedUsed.add(c);
            }
        }
        Rates[] current = time(currentLabel, currentCodec, runs, used, timedUsed, maxLength, deadline);
        long currentBytes = 0;
        long[] currentChunks = new long[measured];
        for (int i = 0; i < measured; i++) {
            currentChunks[i] = used.get(i).currentBytes();
            currentBytes += currentChunks[i];
        }
        Measurement cur = new Measurement(null, currentLabel, null, null, currentBytes, current[0], current[1], 0);
        List<Measurement> result = new ArrayList<>();
        for (Run r : runs) {
            Candidate c = r.entry.candidate;
            if (r.notMeasured != null) {
                result.add(Measurement.notMeasured(c, r.notMeasured));
                continue;
            }
            long[] bytes = Arrays.copyOf(r.chunkBytes, measured);
            long sum = 0;
            for (long b : bytes) {
                sum += b;
            }
            result.add(new Measurement(c, c.label(), null, r.failure, sum, r.compress, r.decompress,
                    SizeMargin.of(currentChunks, bytes, population)));
        }
        return new Result(cur, result, measured, stopped);
    }

    private static int indexOf(List<SampledChunk> chunks, SampledChunk c) {
        for (int i = 0; i < chunks.size(); i++) {
            if (chunks.get(i) == c) {
                return i;
            }
        }
        return -1;
    }

    private static void size(Run r, SampledChunk c, int i, boolean timed, Inflater stock, int maxLength) {
        if (c.empty()) {
            r.chunkBytes[i] = c.bytesWith(0);
            return;
        }
        SourceCodec codec = r.entry.codec;
        if (r.out == null) {
            r.out = new byte[codec.bound(maxLength)];
        }
        byte[] out = r.out;
        int n;
        try {
            n = codec.compress(c.uncompressed, out);
        } catch (EngineCodec.Declined e) {
            r.notMeasured = e.getMessage() + " on a chunk of " + c.uncompressed.length + " bytes";
            return;
        } catch (Exception e) {
            r.notMeasured = "failed: " + e;
            return;
        }
        r.chunkBytes[i] = c.bytesWith(n);
        r.failure = roundTrip(codec, stock, out, n, c.uncompressed, i);
        if (timed && r.failure == null) {
            r.streams.add(Arrays.copyOf(out, n));
        }
    }

    /**
     * The timing rounds, every usable engine and the current compressor in turn; returns the
     * current compressor's [compress, decompress] and sets each run's.
     */
    private static Rates[] time(String currentLabel, SourceCodec currentCodec, List<Run> runs, List<SampledChunk> used,
            List<SampledChunk> timed, int maxLength, long deadline) {
        List<Timer> timers = new ArrayList<>();
        Timer currentTimer = null;
        if (currentCodec != null) {
            List<SampledChunk> stored = new ArrayList<>();
            List<byte[]> streams = new ArrayList<>();
            for (SampledChunk c : timed) {
                if (!c.storedUncompressed && !c.empty()) {
                    stored.add(c);
                    streams.add(c.stored);
                }
            }
            if (!stored.isEmpty()) {
                currentTimer = new Timer(currentCodec, stored, streams, maxLength);
                timers.add(currentTimer);
            }
        }
        List<Run> timedRuns = new ArrayList<>();
        for (Run r : runs) {
            if (r.sizing() && !r.streams.isEmpty()) {
                timedRuns.add(r);
                timers.add(new Timer(r.entry.codec, nonEmpty(timed), r.streams, maxLength));
            }
        }
        for (Timer t : timers) {
            t.warmUp(WARM_UP_CALLS);
        }
        int rounds = 0;
        while (rounds < MIN_PASSES || (System.nanoTime() < deadline && rounds < MAX_PASSES)) {
            for (Timer t : timers) {
                t.round();
            }
            rounds++;
        }
        for (int i = 0; i < timedRuns.size(); i++) {
            Timer t = timers.get(i + (currentTimer == null ? 0 : 1));
            Run r = timedRuns.get(i);
            if (t.failure != null) {
                // It completed every chunk once; a failure on the same chunks again is a fault to show.
                r.notMeasured = "failed while timing: " + t.failure;
            } else {
                r.compress = Rates.of(t.compress);
                r.decompress = Rates.of(t.decompress);
            }
        }
        if (currentTimer == null || currentTimer.failure != null) {
            return new Rates[] {Rates.NONE, Rates.NONE};
        }
        return new Rates[] {Rates.of(currentTimer.compress), Rates.of(currentTimer.decompress)};
    }

    private static List<SampledChunk> nonEmpty(List<SampledChunk> chunks) {
        List<SampledChunk> l = new ArrayList<>();
        for (SampledChunk c : chunks) {
            if (!c.empty()) {
                l.add(c);
            }
        }
        return l;
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
            stock.reset();
            DeflateSource.inflate(stock, stream, n, exact);
        } catch (Exception e) {
            return "sample chunk " + index + ": stock java.util.zip cannot read it: " + e.getMessage();
        }
        if (!Arrays.equals(exact, original)) {
            return "sample chunk " + index + ": stock java.util.zip reads it differently from the original";
        }
        return null;
    }

    /** One codec's timed passes over its chunks and their streams, a round at a time. */
    private static final class Timer {
        final SourceCodec codec;
        final List<SampledChunk> chunks;
        final List<byte[]> streams;
        final byte[] out;
        final byte[][] backs;
        final long bytes;
        final List<Double> compress = new ArrayList<>();
        final List<Double> decompress = new ArrayList<>();
        String failure;

        Timer(SourceCodec codec, List<SampledChunk> chunks, List<byte[]> streams, int maxLength) {
            this.codec = codec;
            this.chunks = chunks;
            this.streams = streams;
            this.out = new byte[codec.bound(maxLength)];
            this.backs = new byte[chunks.size()][];
            // One output buffer per chunk length, reused as a node's reader reuses its buffer: an
            // output array per chunk (megabytes of them) misses the cache on every call. Against
            // the chunk benchmark on the same table, decompression went from 0.90 to 1.00 of its
            // speed for libdeflate 6 and from 0.92 to 0.99 for igzip 1 (lab/results, 20261206-214714
            // then -215941, medians of 3 and 5 rounds).
            java.util.Map<Integer, byte[]> byLength = new java.util.HashMap<>();
            long b = 0;
            for (int i = 0; i < chunks.size(); i++) {
                b += chunks.get(i).uncompressed.length;
                backs[i] = byLength.computeIfAbsent(chunks.get(i).uncompressed.length, byte[]::new);
            }
            this.bytes = b;
        }

        /** Passes until {@code calls} calls per direction or WARM_UP_NANOS, at least one. */
        void warmUp(int calls) {
            try {
                long end = System.nanoTime() + WARM_UP_NANOS;
                int done = 0;
                do {
                    compressPass();
                    decompressPass();
                    done += chunks.size();
                } while (done < calls && System.nanoTime() < end);
            } catch (Exception e) {
                failure = e.toString();
            }
        }

        /**
         * One timed pass per direction, each right after an untimed pass of the same row and
         * direction. A node's compaction runs one codec chunk after chunk; timed straight after
         * the other rows' passes had displaced this row's code and data, LZ4's decompression (the
         * shortest pass, about 1.5 ms) ran at 0.86 of the same pass timed a second time in a row
         * (3,333 against 3,883 MB/s, one run on the LZ4 table of lab/results 20261206-215941), and
         * at 0.80 of the chunk benchmark's speed in that report; libdeflate 6 and igzip 1 at 0.96.
         */
        void round() {
            if (failure != null) {
                return;
            }
            try {
                compressPass();
                long t0 = now();
                compressPass();
                long t1 = now();
                decompressPass();
                long t2 = now();
                decompressPass();
                long t3 = now();
                compress.add(bytes / 1e6 / (Math.max(1, t1 - t0) / 1e9));
                decompress.add(bytes / 1e6 / (Math.max(1, t3 - t2) / 1e9));
            } catch (Exception e) {
                failure = e.toString();
            }
        }

        private void compressPass() throws Exception {
            for (SampledChunk c : chunks) {
                codec.compress(c.uncompressed, out);
            }
        }

        private void decompressPass() throws Exception {
            for (int i = 0; i < streams.size(); i++) {
                byte[] s = streams.get(i);
                codec.decompress(s, s.length, backs[i]);
            }
        }
    }

    private static long now() {
        return cpuTime() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
