package dev.deflateaccel.harness.workload;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;

/**
 * Writes points [from, to) of the time-series table as fast as the node takes them (a bounded
 * number of async inserts in flight): the history that the measured load then reads from.
 */
public final class TimeSeriesPreload {

    private final CqlSession session;
    private final PreparedStatement insert;
    private final int sensors;
    private final int concurrency;
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    public TimeSeriesPreload(CqlSession session, TimeSeriesTable table, int sensors, int concurrency) {
        this.session = session;
        this.insert = session.prepare(table.insertCql());
        this.sensors = sensors;
        this.concurrency = concurrency;
    }

    public long acknowledged() {
        return acknowledged.get();
    }

    /** Fails if any insert failed: a preload with holes would make the measured reads fail. */
    public void writeAll(long from, long to) {
        Semaphore inFlight = new Semaphore(concurrency);
        for (long i = from; i < to; i++) {
            inFlight.acquireUninterruptibly();
            TimeSeriesPoint p = TimeSeriesPoint.of(i, sensors);
            session.executeAsync(insert.bind(p.sensor, p.day, p.ts, p.value, p.status, p.payload)
                            .setConsistencyLevel(ConsistencyLevel.ONE))
                    .whenComplete((result, error) -> {
                        if (error == null) {
                            acknowledged.incrementAndGet();
                        } else {
                            failures.incrementAndGet();
                        }
                        inFlight.release();
                    });
        }
        inFlight.acquireUninterruptibly(concurrency);
        if (failures.get() > 0) {
            throw new AssertionError(failures.get() + " of " + (to - from) + " preload inserts failed");
        }
    }
}
