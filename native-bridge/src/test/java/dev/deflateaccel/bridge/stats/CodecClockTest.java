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
        // The countdown starts at a random point in [1, SAMPLE_EVERY]: 20 or 21 timed calls.
        assertTrue(s.getTimedCalls() == 20 || s.getTimedCalls() == 21, "timed " + s.getTimedCalls());
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
                // The next calls are not timed; their ends must not book the abandoned clock.
                for (int i = 0; i < CodecClock.SAMPLE_EVERY - 1; i++) {
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
        // Each thread times exactly 2 of its 64 calls (one per 32, from a random start in the first 32).
        assertEquals(2L * threads, s.getTimedCalls());
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
