package dev.deflateaccel.harness.workload;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;

/**
 * Requests at a fixed rate against the time-series table: a read of a random preloaded point
 * (checked) with probability readShare, otherwise an insert of the next new point (or, with
 * {@link #runClosedLoop}, as fast as the node answers). Open loop:
 * request k is due at start + k / rate whether or not earlier ones have answered, and its latency
 * is measured from that due time, not from when it was actually sent - so a node that stalls is
 * charged for the requests queued behind the stall (no coordinated omission). A cap on requests in
 * flight only bounds the client's memory; when it is hit, sends fall behind schedule, which shows
 * up both in the latencies and in {@link #lateSends}.
 */
public final class FixedRateLoad {

    private static final long LATE_NANOS = 10_000_000;

    private final CqlSession session;
    private final PreparedStatement select;
    private final PreparedStatement insert;
    private final int sensors;
    private final long preloaded;
    private final double readShare;
    private final SplittableRandom random;
    private final int maxInFlight;

    public final Latencies reads = new Latencies();
    public final Latencies writes = new Latencies();
    public final AtomicLong completed = new AtomicLong();
    public final AtomicLong failures = new AtomicLong();
    public final AtomicLong wrongReads = new AtomicLong();
    /** Requests sent more than 10 ms after their due time: the rate was not sustained. */
    public final AtomicLong lateSends = new AtomicLong();
    private long nextPoint;
    private long elapsedNanos;

    /**
     * Reads pick points in [0, preloaded); inserts write points firstNewPoint, firstNewPoint + 1, ...
     * (a warm-up load before the measured one gets its own range, so neither overwrites the other).
     */
    public FixedRateLoad(CqlSession session, TimeSeriesTable table, int sensors, long preloaded, long firstNewPoint,
            double readShare, long seed, int maxInFlight) {
        this.session = session;
        this.select = session.prepare(table.selectOneCql());
        this.insert = session.prepare(table.insertCql());
        this.sensors = sensors;
        this.preloaded = preloaded;
        this.nextPoint = firstNewPoint;
        this.readShare = readShare;
        this.random = new SplittableRandom(seed);
        this.maxInFlight = maxInFlight;
    }

    /** The index the next insert will use: points [preloaded, nextPoint) were attempted. */
    public long nextPoint() {
        return nextPoint;
    }

    public void run(double perSecond, Duration duration) {
        long total = (long) (perSecond * duration.toNanos() / 1e9);
        run(perSecond, k -> k < total);
    }

    /**
     * Requests at the fixed rate for as long as {@code more} holds (asked before each request),
     * e.g. while a compaction runs whose length nobody knows in advance.
     */
    public void runWhile(double perSecond, BooleanSupplier more) {
        run(perSecond, k -> more.getAsBoolean());
    }

    /**
     * Closed loop instead: a new request as soon as one of {@code concurrency} in flight answers,
     * for {@code duration}; latency from when each request was sent. This finds the rate a node
     * holds; {@link #achievedPerSecond} is that rate.
     */
    public void runClosedLoop(int concurrency, Duration duration) {
        Semaphore inFlight = new Semaphore(concurrency);
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        while (System.nanoTime() < end) {
            inFlight.acquireUninterruptibly();
            send(System.nanoTime(), inFlight);
        }
        inFlight.acquireUninterruptibly(concurrency);
        elapsedNanos = System.nanoTime() - start;
    }

    private void run(double perSecond, LongPredicate more) {
        Semaphore inFlight = new Semaphore(maxInFlight);
        long start = System.nanoTime();
        double interval = 1e9 / perSecond;
        for (long k = 0; more.test(k); k++) {
            long due = start + (long) (k * interval);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            inFlight.acquireUninterruptibly();
            if (System.nanoTime() - due > LATE_NANOS) {
                lateSends.incrementAndGet();
            }
            send(due, inFlight);
        }
        inFlight.acquireUninterruptibly(maxInFlight);
        elapsedNanos = System.nanoTime() - start;
    }

    /** A read with probability readShare, otherwise an insert; latency counted from {@code from}. */
    private void send(long from, Semaphore inFlight) {
        if (random.nextDouble() < readShare) {
            read(from, inFlight);
        } else {
            write(from, inFlight);
        }
    }

    private void read(long due, Semaphore inFlight) {
        TimeSeriesPoint wanted = TimeSeriesPoint.of(random.nextLong(preloaded), sensors);
        session.executeAsync(select.bind(wanted.sensor, wanted.day, wanted.ts).setConsistencyLevel(ConsistencyLevel.ONE))
                .whenComplete((result, error) -> {
                    if (error == null) {
                        reads.record(System.nanoTime() - due);
                        if (!TimeSeriesTable.matches(result.one(), wanted)) {
                            wrongReads.incrementAndGet();
                        }
                    } else {
                        failures.incrementAndGet();
                    }
                    completed.incrementAndGet();
                    inFlight.release();
                });
    }

    private void write(long due, Semaphore inFlight) {
        TimeSeriesPoint p = TimeSeriesPoint.of(nextPoint++, sensors);
        session.executeAsync(insert.bind(p.sensor, p.day, p.ts, p.value, p.status, p.payload)
                        .setConsistencyLevel(ConsistencyLevel.ONE))
                .whenComplete((result, error) -> {
                    if (error == null) {
                        writes.record(System.nanoTime() - due);
                    } else {
                        failures.incrementAndGet();
                    }
                    completed.incrementAndGet();
                    inFlight.release();
                });
    }

    /** Completed requests per second over the whole run, the drain of the last ones included. */
    public double achievedPerSecond() {
        return (reads.count() + writes.count()) / (elapsedNanos / 1e9);
    }
}
