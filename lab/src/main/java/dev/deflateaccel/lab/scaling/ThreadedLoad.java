package dev.deflateaccel.lab.scaling;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * N threads calling a compressor as fast as they can for a fixed time, as Cassandra's compaction,
 * flush and read threads would if they all hit compression at once. Each thread has its own
 * caller (own buffers and position), counts its calls in a local variable and publishes the
 * count once at the end, so the counting costs nothing shared. Elapsed time runs from the common
 * start signal until the last thread has finished its last call, so every counted call lies
 * inside the timed window.
 */
final class ThreadedLoad {
    /** One call on behalf of one thread; never shared between threads. */
    interface Caller {
        void call() throws IOException;
    }

    /** Calls made and the seconds they took. */
    static final class Outcome {
        final long calls;
        final double seconds;

        Outcome(long calls, double seconds) {
            this.calls = calls;
            this.seconds = seconds;
        }
    }

    private ThreadedLoad() {
    }

    static Outcome run(List<Caller> callers, double seconds) throws InterruptedException, IOException {
        int n = callers.size();
        long[] counts = new long[n];
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // Written once by this thread when the time is up, read by every caller after each call.
        StopFlag stop = new StopFlag();
        Thread[] threads = new Thread[n];
        for (int t = 0; t < n; t++) {
            int index = t;
            threads[t] = new Thread(() -> {
                long calls = 0;
                try {
                    ready.countDown();
                    go.await();
                    Caller caller = callers.get(index);
                    while (!stop.set) {
                        caller.call();
                        calls++;
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    counts[index] = calls;
                }
            }, "scaling-" + t);
            threads[t].start();
        }
        ready.await();
        long start = System.nanoTime();
        go.countDown();
        Thread.sleep((long) (seconds * 1000));
        stop.set = true;
        for (Thread t : threads) {
            t.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IOException("a load thread failed: " + failure.get(), failure.get());
        }
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return new Outcome(total, elapsed);
    }

    private static final class StopFlag {
        volatile boolean set;
    }
}
