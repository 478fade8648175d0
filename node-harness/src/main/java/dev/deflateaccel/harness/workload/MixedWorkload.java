package dev.deflateaccel.harness.workload;

import java.time.Duration;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;

import dev.deflateaccel.sample.SampleRow;
import dev.deflateaccel.sample.SampleRows;

/**
 * Point reads of already loaded rows (each one decompresses a chunk of the Deflate SSTable) and
 * inserts of new rows, half and half or reads only, with a fixed number of requests in flight,
 * for a fixed time: closed loop, or paced to a fixed rate ({@link #atRate}). Every read is checked
 * against the generator, so a fast wrong answer cannot look like a win.
 */
public final class MixedWorkload {

    private final CqlSession session;
    private final PreparedStatement select;
    private final PreparedStatement insert;
    private final SampleRows rows;
    private final long loadedRows;
    private final int concurrency;
    private final SplittableRandom random;
    private final double readShare;
    /** Null: as fast as the node answers. */
    private RatePacer pacer;

    public final Latencies reads = new Latencies();
    public final Latencies writes = new Latencies();
    public final AtomicLong completed = new AtomicLong();
    public final AtomicLong failures = new AtomicLong();
    public final AtomicLong wrongReads = new AtomicLong();
    public final Set<Long> written = ConcurrentHashMap.newKeySet();
    private long elapsedNanos;

    /** Half reads, half inserts. */
    public MixedWorkload(CqlSession session, TestTable table, SampleRows rows, long loadedRows, int concurrency, long seed) {
        this(session, table, rows, loadedRows, concurrency, seed, 0.5);
    }

    /** Reads only: random point reads of the loaded rows. */
    public static MixedWorkload pointReads(CqlSession session, TestTable table, SampleRows rows, long loadedRows,
                                           int concurrency, long seed) {
        return new MixedWorkload(session, table, rows, loadedRows, concurrency, seed, 1.0);
    }

    private MixedWorkload(CqlSession session, TestTable table, SampleRows rows, long loadedRows, int concurrency,
                          long seed, double readShare) {
        this.readShare = readShare;
        this.session = session;
        this.select = session.prepare(table.selectOneCql());
        this.insert = session.prepare(table.insertCql());
        this.rows = rows;
        this.loadedRows = loadedRows;
        this.concurrency = concurrency;
        this.random = new SplittableRandom(seed);
    }

    /**
     * Sends request k at start + k / perSecond instead of as soon as one is answered, so that every
     * configuration serves the same requests in the same time, however fast it is; the requests in
     * flight stay capped, so a node slower than the rate falls behind it (operationsPerSecond says so).
     * Latencies still run from each send, not from its due time: this pacing is for equal work, not
     * for latency under a stall (FixedRateLoad measures that).
     */
    public MixedWorkload atRate(double perSecond) {
        this.pacer = new RatePacer(perSecond);
        return this;
    }

    public void run(Duration duration) {
        Semaphore inFlight = new Semaphore(concurrency);
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long nextNewRow = loadedRows;
        for (long sent = 0; System.nanoTime() < end; sent++) {
            if (pacer != null) {
                pacer.awaitDue(start, sent);
            }
            inFlight.acquireUninterruptibly();
            long begun = System.nanoTime();
            if (random.nextDouble() < readShare) {
                SampleRow wanted = rows.row(random.nextLong(loadedRows));
                session.executeAsync(select.bind(wanted.pk, wanted.ck).setConsistencyLevel(ConsistencyLevel.ONE))
                        .whenComplete((result, error) -> {
                            if (error == null) {
                                reads.record(System.nanoTime() - begun);
                                Row row = result.one();
                                if (row == null || !sameRow(row, wanted)) {
                                    wrongReads.incrementAndGet();
                                }
                            } else {
                                failures.incrementAndGet();
                            }
                            completed.incrementAndGet();
                            inFlight.release();
                        });
            } else {
                long index = nextNewRow++;
                SampleRow row = rows.row(index);
                session.executeAsync(insert.bind(row.pk, row.ck, row.id, row.created, row.name, row.body, row.amount,
                                row.payloadBuffer()).setConsistencyLevel(ConsistencyLevel.ONE))
                        .whenComplete((result, error) -> {
                            if (error == null) {
                                writes.record(System.nanoTime() - begun);
                                written.add(index);
                            } else {
                                failures.incrementAndGet();
                            }
                            completed.incrementAndGet();
                            inFlight.release();
                        });
            }
        }
        inFlight.acquireUninterruptibly(concurrency);
        elapsedNanos = System.nanoTime() - start;
    }

    public double operationsPerSecond() {
        return (reads.count() + writes.count()) / (elapsedNanos / 1e9);
    }

    private static boolean sameRow(Row row, SampleRow wanted) {
        return TestTable.rowFrom(row).digest() == wanted.digest();
    }
}
