package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Scenario 3: with the commit log compressed by DeflateCompressor (so every mutation passes
 * through the agent before it is acknowledged), a node SIGKILLed in the middle of a write load
 * replays its commit log on restart - decompressing it through the agent - and every write the
 * client saw acknowledged is there, with its exact values.
 */
@ExtendWith(SharedNodeExtension.class)
class CrashSafetyIT {

    static final long ACKED_BEFORE_KILL = 20_000;
    static final long ROWS_OFFERED = 5_000_000; // never reached: the kill ends the load
    static final Pattern REPLAYED = Pattern.compile("Log replay complete, (\\d+) replayed mutations");

    /**
     * commitlog_sync batch: a write is acknowledged only after its commit log section is synced.
     * The stock periodic mode acknowledges before that and may lose the last seconds on a crash
     * by design, which would make "every acknowledged write survives" untrue for stock Cassandra.
     */
    static final NodeSettings COMPRESSED_COMMITLOG = AcceleratedNodeIT.ACCELERATED
            .yaml("commitlog_compression", "  - class_name: DeflateCompressor\n")
            .yaml("commitlog_sync", "batch")
            .yaml("commitlog_sync_period", null);

    @Test
    void everyAcknowledgedWriteSurvivesSigkill(CassandraNode node) throws Exception {
        node.ensureRunning(COMPRESSED_COMMITLOG);
        TestTable table = new TestTable("crash", "rows", 16);
        SampleRows rows = new SampleRows(3001, 10);
        table.create(node.session(), 1);
        EngineStats before = node.engineStats();

        DataWriter writer = new DataWriter(node.session(), table, rows, ONE, 32);
        CompletableFuture<DataWriter.Outcome> load = CompletableFuture.supplyAsync(() -> writer.write(0, ROWS_OFFERED));
        awaitAcknowledged(writer, load);
        EngineAssertions.servedBy(node.engineStats().since(before), EngineStats.COMPRESS, "libdeflate");
        node.kill();
        DataWriter.Outcome outcome = load.get(2, TimeUnit.MINUTES);
        assertFalse(outcome.failures.isEmpty(), "the load was not interrupted by the kill");
        assertTrue(outcome.attempted.size() > outcome.acknowledged.size(), "no write was in flight at the kill");

        LogFile.Mark systemLogMark = node.systemLog().mark();
        node.start(COMPRESSED_COMMITLOG);
        long replayed = replayedMutations(node.systemLog().linesSince(systemLogMark));
        assertTrue(replayed > 0, "the restart replayed no commit log mutation");
        // A fresh process: whatever was decompressed so far was the compressed commit log.
        EngineAssertions.servedBy(node.engineStats(), EngineStats.DECOMPRESS, "libdeflate");

        DataVerifier.Verification read = new DataVerifier(node.session(), table, rows)
                .scan(ONE, outcome.acknowledged, outcome.attempted);
        read.assertComplete();
        System.out.println("crash: " + outcome.acknowledged.size() + " acknowledged writes all present after replaying "
                + replayed + " mutations; " + read.toleratedPresent() + " unacknowledged in-flight writes also landed");
        assertEquals(List.of(), node.systemLog().errorsSince(systemLogMark), "ERROR lines after the restart");
    }

    private static void awaitAcknowledged(DataWriter writer, CompletableFuture<DataWriter.Outcome> load) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (writer.acknowledged() < ACKED_BEFORE_KILL) {
            if (load.isDone()) {
                DataWriter.Outcome early = load.get();
                throw new AssertionError("the write load ended before the kill: " + early.failures);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + writer.acknowledged() + " writes acknowledged in 5 minutes");
            }
            Thread.sleep(50);
        }
    }

    private static long replayedMutations(List<String> log) {
        long total = 0;
        for (String line : log) {
            Matcher m = REPLAYED.matcher(line);
            if (m.find()) {
                total += Long.parseLong(m.group(1));
            }
        }
        return total;
    }
}
