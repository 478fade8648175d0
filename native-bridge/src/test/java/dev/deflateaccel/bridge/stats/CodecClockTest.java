package dev.deflateaccel.bridge.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
