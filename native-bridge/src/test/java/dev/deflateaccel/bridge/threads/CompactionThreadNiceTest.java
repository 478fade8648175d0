package dev.deflateaccel.bridge.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.stats.CodecClock;
import dev.deflateaccel.bridge.stats.Direction;
import dev.deflateaccel.bridge.stats.EngineStatistics;

/**
 * compaction_thread_nice on real threads of this JVM (surefire's forked one): each thread makes
 * codec calls through CodecClock, as the woven methods do, and its nice value is read back from
 * /proc. Lowering a nice value again needs root (or CAP_SYS_NICE); CI runs as root, elsewhere the
 * test checks the warning instead.
 */
class CompactionThreadNiceTest {
    private final List<String> warnings = new CopyOnWriteArrayList<>();

    @AfterEach
    void leaveThreadsAlone() {
        CompactionThreadNice.configure(0, warnings::add);
    }

    @Test
    void compactionThreadsGetTheNiceValueOtherThreadsKeepTheirs() throws Exception {
        CompactionThreadNice.configure(7, warnings::add);
        try (CallingThread compaction = new CallingThread("CompactionExecutor:91");
                CallingThread reads = new CallingThread("ReadStage-5")) {
            assertEquals(7, compaction.niceAfterCalls());
            assertEquals(0, reads.niceAfterCalls());

            CompactionThreadNice.configure(0, warnings::add); // detach, or a reload to 0
            if (isRoot()) {
                assertEquals(0, CompactionThreadNice.niceOf(compaction.tid), "detach did not bring the thread back");
                assertTrue(warnings.isEmpty(), warnings.toString());
            } else {
                assertEquals(7, CompactionThreadNice.niceOf(compaction.tid));
                assertTrue(warnings.toString().contains("needs CAP_SYS_NICE"), warnings.toString());
            }
        }
    }

    @Test
    void zeroLeavesCompactionThreadsAlone() throws Exception {
        CompactionThreadNice.configure(0, warnings::add);
        try (CallingThread compaction = new CallingThread("CompactionExecutor:92")) {
            assertEquals(0, compaction.niceAfterCalls());
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void aRaisedValueReachesThreadsOnTheirNextCalls() throws Exception {
        CompactionThreadNice.configure(3, warnings::add);
        try (CallingThread compaction = new CallingThread("CompactionExecutor:93")) {
            assertEquals(3, compaction.niceAfterCalls());
            CompactionThreadNice.configure(11, warnings::add); // a reload with a higher value
            assertEquals(11, compaction.niceAfterCalls());
        }
    }

    @Test
    void aThreadThatEndedIsForgottenWhenAnotherIsSet() throws Exception {
        CompactionThreadNice.configure(5, warnings::add);
        int ended;
        try (CallingThread first = new CallingThread("ValidationExecutor:1")) {
            assertEquals(5, first.niceAfterCalls());
            ended = first.tid;
            assertTrue(CompactionThreadNice.remembers(ended));
        }
        // Thread.join returns before the OS thread has quite gone: wait until the kernel no longer lists it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (CompactionThreadNice.niceOf(ended) != Integer.MIN_VALUE && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(Integer.MIN_VALUE, CompactionThreadNice.niceOf(ended), "thread " + ended + " did not end");
        try (CallingThread second = new CallingThread("CompactionExecutor:94")) {
            assertEquals(5, second.niceAfterCalls());
            assertTrue(CompactionThreadNice.remembers(second.tid));
            assertFalse(CompactionThreadNice.remembers(ended), "a thread that ended is still remembered");
        }
    }

    @Test
    void readsTheNiceValueOfThisThread() {
        int tid = CompactionThreadNice.currentThreadId();
        assertTrue(tid > 0, "no thread id from /proc/thread-self");
        assertTrue(CompactionThreadNice.niceOf(tid) > Integer.MIN_VALUE);
        assertEquals(Integer.MIN_VALUE, CompactionThreadNice.niceOf(Integer.MAX_VALUE), "not a thread of this process");
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** A named thread that makes a round of codec calls whenever asked, and reports its nice value after each. */
    private static final class CallingThread implements AutoCloseable {
        private final Thread thread;
        private final SynchronousQueue<Boolean> asks = new SynchronousQueue<>();
        private final SynchronousQueue<Integer> answers = new SynchronousQueue<>();
        private final CountDownLatch started = new CountDownLatch(1);
        private final AtomicInteger tidHolder = new AtomicInteger();
        final int tid;

        CallingThread(String name) throws InterruptedException {
            thread = new Thread(this::serve, name);
            thread.setDaemon(true);
            thread.start();
            assertTrue(started.await(10, TimeUnit.SECONDS));
            tid = tidHolder.get();
        }

        private void serve() {
            tidHolder.set(CompactionThreadNice.currentThreadId());
            started.countDown();
            EngineStatistics stats = new EngineStatistics("zlib", Direction.COMPRESS);
            try {
                while (asks.take()) {
                    // Two sampling periods: at least one call is sampled, whatever the countdown's start.
                    for (int i = 0; i < 2 * CodecClock.SAMPLE_EVERY; i++) {
                        CodecClock.Call c = CodecClock.begin();
                        c.servedBy(stats);
                        c.end();
                    }
                    answers.put(CompactionThreadNice.niceOf(CompactionThreadNice.currentThreadId()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        int niceAfterCalls() throws InterruptedException {
            asks.put(Boolean.TRUE);
            Integer nice = answers.poll(10, TimeUnit.SECONDS);
            assertTrue(nice != null, "the thread did not answer");
            return nice;
        }

        @Override
        public void close() throws InterruptedException {
            asks.offer(Boolean.FALSE, 10, TimeUnit.SECONDS);
            thread.join(10_000);
        }
    }
}
