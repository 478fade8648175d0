package dev.deflateaccel.harness.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
 * Half point reads of rows acknowledged before it started (each checked against the generator),
 * half inserts of new rows, with a fixed number of requests in flight, on a background thread
 * until {@link #stop()}: the traffic a node serves while the agent is attached, reloaded and
 * detached under it.
 */
public final class ContinuousLoad {

    private final CqlSession session;
    private final PreparedStatement select;
    private final PreparedStatement insert;
    private final SampleRows rows;
    private final long[] readable;
    private final int concurrency;
    private final SplittableRandom random;
    private final Semaphore inFlight;
    private volatile boolean running = true;
    private final Thread thread;
    private long nextRow;

    public final AtomicLong reads = new AtomicLong();
    public final AtomicLong writes = new AtomicLong();
    public final AtomicLong failures = new AtomicLong();
    public final AtomicLong wrongReads = new AtomicLong();
    public final Set<Long> written = ConcurrentHashMap.newKeySet();
    public final List<String> problems = Collections.synchronizedList(new ArrayList<>());

    public ContinuousLoad(CqlSession session, TestTable table, SampleRows rows, Set<Long> acknowledged, long firstNewRow,
                   int concurrency, long seed) {
        this.session = session;
        this.select = session.prepare(table.selectOneCql());
        this.insert = session.prepare(table.insertCql());
        this.rows = rows;
        this.readable = acknowledged.stream().mapToLong(Long::longValue).toArray();
        this.nextRow = firstNewRow;
        this.concurrency = concurrency;
        this.random = new SplittableRandom(seed);
        this.inFlight = new Semaphore(concurrency);
        this.thread = new Thread(this::run, "continuous-load");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void run() {
        while (running) {
            inFlight.acquireUninterruptibly();
            if (!running) {
                inFlight.release();
                break;
            }
            if (readable.length > 0 && random.nextBoolean()) {
                SampleRow wanted = rows.row(readable[random.nextInt(readable.length)]);
                session.executeAsync(select.bind(wanted.pk, wanted.ck).setConsistencyLevel(ConsistencyLevel.ONE))
                        .whenComplete((result, error) -> {
                            if (error == null) {
                                Row row = result.one();
                                if (row == null || TestTable.rowFrom(row).digest() != wanted.digest()) {
                                    wrongReads.incrementAndGet();
                                    problem("wrong read of " + wanted + ": " + row);
                                }
                                reads.incrementAndGet();
                            } else {
                                failures.incrementAndGet();
                                problem("read failed: " + error);
                            }
                            inFlight.release();
                        });
            } else {
                long index = nextRow++;
                SampleRow row = rows.row(index);
                session.executeAsync(insert.bind(row.pk, row.ck, row.id, row.created, row.name, row.body, row.amount,
                                row.payloadBuffer()).setConsistencyLevel(ConsistencyLevel.ONE))
                        .whenComplete((result, error) -> {
                            if (error == null) {
                                written.add(index);
                                writes.incrementAndGet();
                            } else {
                                failures.incrementAndGet();
                                problem("write of row " + index + " failed: " + error);
                            }
                            inFlight.release();
                        });
            }
        }
    }

    private void problem(String text) {
        if (problems.size() < 10) {
            problems.add(text);
        }
    }

    /** Stops issuing requests and waits for those in flight; returns the next unused row index. */
    public long stop() {
        running = false;
        try {
            thread.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        inFlight.acquireUninterruptibly(concurrency);
        inFlight.release(concurrency);
        return nextRow;
    }

    @Override
    public String toString() {
        return reads.get() + " reads, " + writes.get() + " writes, " + failures.get() + " failed, "
                + wrongReads.get() + " wrong";
    }
}
