package dev.deflateaccel.harness.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;

import dev.deflateaccel.sample.SampleRow;
import dev.deflateaccel.sample.SampleRows;

/**
 * Writes generated rows with a bounded number of asynchronous inserts in flight, and records
 * exactly which inserts the cluster acknowledged - the crash scenario's ground truth.
 */
public final class DataWriter {

    public static final int DEFAULT_CONCURRENCY = 64;

    private final CqlSession session;
    private final PreparedStatement insert;
    private final SampleRows generator;
    private final ConsistencyLevel consistency;
    private final int concurrency;
    private final AtomicLong acknowledged = new AtomicLong();

    public DataWriter(CqlSession session, TestTable table, SampleRows generator, ConsistencyLevel consistency, int concurrency) {
        this.session = session;
        this.insert = session.prepare(table.insertCql());
        this.generator = generator;
        this.consistency = consistency;
        this.concurrency = concurrency;
    }

    public DataWriter(CqlSession session, TestTable table, SampleRows generator, ConsistencyLevel consistency) {
        this(session, table, generator, consistency, DEFAULT_CONCURRENCY);
    }

    /** Acknowledged inserts so far, for progress reports from another thread. */
    public long acknowledged() {
        return acknowledged.get();
    }

    /** Writes rows [from, to) and fails on the first insert the cluster did not acknowledge. */
    public void writeAll(long from, long to) {
        Outcome outcome = write(from, to);
        if (!outcome.failures.isEmpty()) {
            AssertionError error = new AssertionError(outcome.failures.size() + " of " + (to - from)
                    + " inserts failed; first: " + outcome.failures.get(0));
            error.initCause(outcome.failures.get(0));
            throw error;
        }
    }

    /**
     * Writes rows [from, to) until the first failure, then stops submitting and waits for the
     * inserts in flight. Returns which inserts were acknowledged and which were attempted.
     */
    public Outcome write(long from, long to) {
        Semaphore inFlight = new Semaphore(concurrency);
        Set<Long> acked = ConcurrentHashMap.newKeySet();
        Set<Long> attempted = ConcurrentHashMap.newKeySet();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (long index = from; index < to && failures.isEmpty(); index++) {
            inFlight.acquireUninterruptibly();
            SampleRow row = generator.row(index);
            long rowIndex = index;
            attempted.add(rowIndex);
            session.executeAsync(insert.bind(row.pk, row.ck, row.id, row.created, row.name, row.body, row.amount,
                            row.payloadBuffer()).setConsistencyLevel(consistency))
                    .whenComplete((result, error) -> {
                        if (error == null) {
                            acked.add(rowIndex);
                            acknowledged.incrementAndGet();
                        } else {
                            failures.add(error);
                        }
                        inFlight.release();
                    });
        }
        inFlight.acquireUninterruptibly(concurrency);
        return new Outcome(RowSet.of(acked), RowSet.of(attempted), List.copyOf(failures));
    }

    /** What a {@link #write} did. */
    public static final class Outcome {
        public final RowSet acknowledged;
        public final RowSet attempted;
        public final List<Throwable> failures;

        public Outcome(RowSet acknowledged, RowSet attempted, List<Throwable> failures) {
            this.acknowledged = acknowledged;
            this.attempted = attempted;
            this.failures = failures;
        }
    }
}
