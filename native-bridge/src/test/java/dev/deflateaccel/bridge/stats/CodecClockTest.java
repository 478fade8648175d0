package dev.deflateaccel.bridge.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;

/**
 * CodecClock times one call in SAMPLE_EVERY per thread and books it to whoever served the call,
 * by caller group; EngineStatistics scales the timed CPU up to all calls. Real work is timed
 * (java.util.zip compressing), so the CPU figures are real, and only their relations are asserted.
 */
class CodecClockTest {
    private static final byte[] DATA = new byte[64 * 1024];

    static {
        for (int i = 0; i < DATA.length; i++) {
            DATA[i] = (byte) ((i * 31) ^ (i >>> 7));
        }
    }

    /** One woven call as CassandraRoute makes it: begin, the work, who served it, end. */
    private static void call(EngineStatistics servedBy) {
        CodecClock.Call c = CodecClock.begin();
        Deflater d = new Deflater(6);
        d.setInput(DATA);
        d.finish();
        byte[] out = new byte[DATA.length + 1024];
        int n = d.deflate(out);
        d.end();
        servedBy.completed(DATA.length, n);
        c.servedBy(servedBy);
        c.end();
    }

    @Test
    void oneCallInSampleEveryIsTimedAndTheEstimateCoversAllCalls() {
        EngineStatistics s = new EngineStatistics("zlib", Direction.COMPRESS);
        int calls = CodecClock.SAMPLE_EVERY * 20;
        for (int i = 0; i < calls; i++) {
            call(s);
        }
        // One call in SAMPLE_EVERY on average (gaps of 16 to 48): about 20 timed calls, never fewer
        // than 640 / 48 nor more than 1 + 640 / 16.
        assertTrue(s.getTimedCalls() >= 13 && s.getTimedCalls() <= 41, "timed " + s.getTimedCalls());
        assertEquals(calls, s.getOperations());
        assertTrue(s.getCpuNanos() > 0, "no CPU booked");
        // The test's thread is none of Cassandra's: every nanosecond is in "other".
        assertEquals(s.getCpuNanos(), s.getCpuNanosOther());
        assertEquals(0, s.getCpuNanosCompaction() + s.getCpuNanosReads() + s.getCpuNanosFlush()
                + s.getCpuNanosCommitLogAndHints());
    }

    /**
     * Calls with no work between begin and end: without the clock's own cost taken off, each timed
     * one booked at least one clock read (the interval between two reads), 32-fold; with it, only
     * the bookkeeping between the reads. Unmeasured calls first, so that the JIT has compiled
     * begin and end as it has in a node; the median of nine batches, so that one interrupt in a
     * batch cannot decide it.
     */
    @Test
    void theClocksOwnCostIsNotBookedAsTheCodecs() {
        assertTrue(CodecClock.clockReadNanos() > 0, "the calibration measured nothing");
        EngineStatistics warmUp = new EngineStatistics("zlib", Direction.DECOMPRESS);
        for (int i = 0; i < 50_000; i++) {
            CodecClock.Call c = CodecClock.begin();
            c.servedBy(warmUp);
            c.end();
        }
        long[] perTimedCall = new long[9];
        for (int batch = 0; batch < perTimedCall.length; batch++) {
            EngineStatistics s = new EngineStatistics("zlib", Direction.DECOMPRESS);
            for (int i = 0; i < CodecClock.SAMPLE_EVERY * 64; i++) {
                CodecClock.Call c = CodecClock.begin();
                c.servedBy(s);
                c.end();
            }
            perTimedCall[batch] = s.getCpuNanos() / CodecClock.SAMPLE_EVERY / s.getTimedCalls();
        }
        java.util.Arrays.sort(perTimedCall);
        long median = perTimedCall[perTimedCall.length / 2];
        assertTrue(median < CodecClock.clockReadNanos(), "an empty call booked " + median + " ns a timed call;"
                + " a clock read costs " + CodecClock.clockReadNanos() + " ns");
    }

    @Test
    void aCallFromACompactionThreadIsBookedToCompaction() throws Exception {
        EngineStatistics s = new EngineStatistics("libdeflate", Direction.COMPRESS);
        Thread t = new Thread(() -> {
            for (int i = 0; i < CodecClock.SAMPLE_EVERY * 4; i++) {
                call(s);
            }
        }, "CompactionExecutor:1");
        t.start();
        t.join();
        assertTrue(s.getCpuNanosCompaction() > 0, "nothing booked to compaction");
        assertEquals(s.getCpuNanos(), s.getCpuNanosCompaction());
        // A counter Prometheus reads must never go down: calls timed for another group leave
        // compaction's figure as it was.
        long compaction = s.getCpuNanosCompaction();
        for (int i = 0; i < CodecClock.SAMPLE_EVERY * 4; i++) {
            call(s);
        }
        assertEquals(compaction, s.getCpuNanosCompaction());
        assertTrue(s.getCpuNanos() > compaction);
    }

    @Test
    void aCallThatNeverEndedIsNotBookedByTheNextOne() throws Exception {
        EngineStatistics s = new EngineStatistics("cassandra", Direction.DECOMPRESS);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                // Find the timed call, and leave it without an end, as Cassandra's code throwing would.
                CodecClock.Call c;
                do {
                    c = CodecClock.begin();
                    c.servedBy(s);
                } while (!c.isTimed());
                // The next calls are not timed (the next gap is at least SAMPLE_EVERY / 2); their
                // ends must not book the abandoned clock.
                for (int i = 0; i < CodecClock.SAMPLE_EVERY / 2 - 1; i++) {
                    CodecClock.Call next = CodecClock.begin();
                    next.servedBy(s);
                    next.end();
                }
                assertEquals(0, s.getTimedCalls(), "an abandoned call's clock was booked");
            } catch (Throwable e) {
                failed.set(e);
            }
        }, "ReadStage-1");
        t.start();
        t.join();
        if (failed.get() != null) {
            throw new AssertionError(failed.get());
        }
    }

    /**
     * A compaction alternates decompressing a chunk and compressing one. With a fixed gap of 32 a
     * thread timed only one of the two kinds, whichever its countdown started on, and booked the
     * other's CPU as 0 and its own twice over; random gaps time both about equally.
     */
    @Test
    void callsThatAlternateAreBothTimed() {
        for (int thread = 0; thread < 8; thread++) {
            EngineStatistics decompress = new EngineStatistics("cassandra", Direction.DECOMPRESS);
            EngineStatistics compress = new EngineStatistics("cassandra", Direction.COMPRESS);
            int[] timed = new int[2];
            Runnable compaction = () -> {
                for (int i = 0; i < CodecClock.SAMPLE_EVERY * 400; i++) {
                    EngineStatistics s = i % 2 == 0 ? decompress : compress;
                    CodecClock.Call c = CodecClock.begin();
                    timed[i % 2] += c.isTimed() ? 1 : 0;
                    s.completed(1, 1);
                    c.servedBy(s);
                    c.end();
                }
            };
            Thread t = new Thread(compaction, "CompactionExecutor:" + thread);
            t.start();
            try {
                t.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            // 400 timed calls in all: each kind 200 on average; a fixed gap gave 400 and 0.
            double share = timed[0] / (double) (timed[0] + timed[1]);
            assertTrue(share > 0.35 && share < 0.65, "decompressions among the timed calls: " + timed[0] + " of "
                    + (timed[0] + timed[1]));
            assertEquals(timed[0], decompress.getTimedCalls());
            assertEquals(timed[1], compress.getTimedCalls());
        }
    }

    /** 256 threads at once, as a node's read and compaction pools can be: every call counted, none lost. */
    @Test
    void twoHundredFiftySixThreadsEachKeepTheirOwnSample() throws Exception {
        EngineStatistics s = new EngineStatistics("libdeflate", Direction.DECOMPRESS);
        int threads = 256;
        int callsEach = CodecClock.SAMPLE_EVERY * 2;
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < callsEach; i++) {
                        CodecClock.Call c = CodecClock.begin();
                        s.completed(1, 1);
                        c.servedBy(s);
                        c.end();
                    }
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            }, "ReadStage-" + t);
            all.add(thread);
            thread.start();
        }
        start.countDown();
        for (Thread thread : all) {
            thread.join();
        }
        if (failed.get() != null) {
            throw new AssertionError(failed.get());
        }
        assertEquals((long) threads * callsEach, s.getOperations());
        // Each thread times 1 to 4 of its 64 calls (a random start in the first 32, then gaps of 16
        // to 48): 2 on average, so about 512 in all.
        assertTrue(s.getTimedCalls() >= threads && s.getTimedCalls() <= 4L * threads, "timed " + s.getTimedCalls());
        assertEquals(2.0 * threads, s.getTimedCalls(), 0.25 * threads, "one call in 32 on average");
        assertEquals(s.getCpuNanos(), s.getCpuNanosReads());
    }

    /**
     * A JVM whose thread CPU time is switched off: CodecClock times by the wall clock and says so.
     * In a JVM of its own, since the choice is made once, when the class loads.
     */
    @Test
    void withoutThreadCpuTimeItTimesByTheWallClockAndSaysSo() throws Exception {
        Process p = new ProcessBuilder(java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), NoThreadCpuTimeMain.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(readAll(p.getInputStream()), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("measuresCpuTime=false timed=1 cpuNanos>0=true"), out);
    }

    private static byte[] readAll(java.io.InputStream in) throws java.io.IOException {
        java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        for (int n; (n = in.read(chunk)) > 0; ) {
            buffer.write(chunk, 0, n);
        }
        return buffer.toByteArray();
    }
}
