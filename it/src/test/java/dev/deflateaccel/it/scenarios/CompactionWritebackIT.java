package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.AgentMBean;
import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.Compactions;
import dev.deflateaccel.harness.JavaRuntime;
import dev.deflateaccel.harness.LiveConfigEdit;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.DataVerifier;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.RowSet;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * Issue 57: compaction's writes paced ({@code compaction_writeback_mib}) on 4.0 (Java 8) and 5.0
 * (Java 17). One node per line, one LZ4 table (Cassandra's default compressor: pacing is for any
 * table). A major compaction with pacing off, then one with pacing switched on live: with it,
 * the agent's counters (its MBean, and the same in Cassandra's metrics registry) show the
 * compaction's output written back early, and the host's dirty pages (/proc/meminfo) stay under
 * a bound set by N while the first compaction's pile up. Every
 * row reads back and Cassandra's own extended verify passes. On 5.0, a kill -9 in the middle of a
 * paced compaction: the node restarts and reads everything back.
 */
@ExtendWith(SharedNodeExtension.class)
class CompactionWritebackIT {
    /** About 40 MiB of LZ4 output in one major compaction: stock's pile is then well above the bound. */
    static final int ROWS = 150_000;
    static final int MIB = 1 << 20;
    /**
     * Small, so that its bound (3 ranges in flight, plus 8 MiB for what the rest of the host dirties
     * meanwhile: the shared node idles) is far below stock's pile. Paced, the most seen was 2 MiB.
     */
    static final int INTERVAL_MIB = 1;
    static final long DIRTY_BOUND = 3L * INTERVAL_MIB * MIB + 8L * MIB;

    static Stream<Arguments> lines() {
        return Stream.of(Arguments.of(CassandraLine.V4_0, 8), Arguments.of(CassandraLine.V5_0, 17));
    }

    @ParameterizedTest(name = "{0} on Java {1}")
    @MethodSource("lines")
    void pacedCompactionKeepsDirtyPagesBoundedAndEveryRow(CassandraLine line, int java) throws Exception {
        JavaRuntime runtime = java == 17 ? JavaRuntime.current() : InstalledBaseJavas.runtime(java);
        String name = "writeback-" + line.version();
        try (CassandraNode node = CassandraNode.single(name, NodeLayout.nodesDir(), "127.0.0.1", line, runtime,
                CassandraNode.START_TIMEOUT)) {
            // log_file as the node's start writes it (NodeConf), so that a live edit keeps the agent's log there.
            AgentConfig unpaced = AgentConfig.libdeflate().with(AgentConfig.LOG_FILE, node.layout().agentLog().toString());
            AgentConfig paced = unpaced.with(ConfigKey.COMPACTION_WRITEBACK_MIB.key(), Integer.toString(INTERVAL_MIB));
            try {
                NodeSettings settings = NodeSettings.withAgent(unpaced);
                node.start(settings);
                LogFile.Mark mark = node.systemLog().mark();
                TestTable table = new TestTable("writeback", "rows", 16, "LZ4Compressor");
                SampleRows rows = new SampleRows(5757, 10);
                table.create(node.session(), 1);
                new DataWriter(node.session(), table, rows, ONE).writeAll(0, ROWS);
                node.nodetool().ok("flush", table.keyspace(), table.name());
                // The load's own compactions first, so that only the major compaction writes meanwhile.
                Compactions.awaitNone(node, table.keyspace(), Duration.ofMinutes(3));

                long stockDirty = compactWatchingDirtyPages(node, table);
                long output = dataBytes(node, table);
                assertTrue(stockDirty > Math.max(2 * DIRTY_BOUND, output / 2), "unpaced, the compaction's "
                        + output / MIB + " MiB of output should pile up dirty; the most seen was " + stockDirty / MIB + " MiB");

                LiveConfigEdit.applyCleanly(node, paced);
                long bytesBefore = counter(node, "CompactionWritebackBytes");
                long pacedDirty = compactWatchingDirtyPages(node, table);
                long pacedOutput = dataBytes(node, table);
                long writtenBack = counter(node, "CompactionWritebackBytes") - bytesBefore;
                String status = String.valueOf(AgentMBean.attribute(node.ports().jmx(), "CompactionWriteback"));
                assertTrue(pacedDirty < DIRTY_BOUND && pacedDirty < stockDirty / 4, "paced every " + INTERVAL_MIB
                        + " MiB, dirty pages reached " + pacedDirty / MIB + " MiB (bound " + DIRTY_BOUND / MIB
                        + " MiB, and a quarter of unpaced's " + stockDirty / MIB + " MiB); " + status);
                // All of the output but its last partial range, which Cassandra's own sync writes.
                assertTrue(writtenBack <= pacedOutput && writtenBack > pacedOutput - 2L * INTERVAL_MIB * MIB,
                        "written back early: " + writtenBack + " of " + pacedOutput + " bytes; " + status);
                assertEquals(0L, counter(node, "CompactionWritebackFailures"), status);
                // The same counters in Cassandra's metrics registry, where an exporter scrapes them.
                assertEquals(counter(node, "CompactionWritebackBytes"),
                        ((Number) AgentMBean.cassandraGauge(node.ports().jmx(), "CompactionWriteback", "Bytes")).longValue());
                assertEquals(counter(node, "CompactionWritebackCalls"),
                        ((Number) AgentMBean.cassandraGauge(node.ports().jmx(), "CompactionWriteback", "Calls")).longValue());
                System.out.printf("%s: most dirty %d MiB unpaced, %d MiB paced every %d MiB; output %d MiB, %d MiB written"
                        + " back early; %s%n", line, stockDirty / MIB, pacedDirty / MIB, INTERVAL_MIB, pacedOutput / MIB,
                        writtenBack / MIB, status);

                verify(node, table);
                new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
                if (line == CassandraLine.V5_0) {
                    killedWhilePaced(node, settings, paced, table, rows);
                }
                assertEquals(List.of(), node.systemLog().errorsSince(mark), "ERROR lines in " + node.systemLog().path());
            } catch (AssertionError | RuntimeException e) {
                System.err.println("[" + name + "]\n" + node.diagnostics());
                throw e;
            }
        }
    }

    /**
     * kill -9 while a paced compaction writes, once its first ranges were written back: the
     * restarted node (pacing on from its start) reads every row and verifies.
     */
    private static void killedWhilePaced(CassandraNode node, NodeSettings settings, AgentConfig paced, TestTable table,
                                         SampleRows rows) throws Exception {
        long calls = counter(node, "CompactionWritebackCalls");
        CompletableFuture<Void> compaction = CompletableFuture.runAsync(
                () -> node.nodetool().run(Duration.ofMinutes(5), "compact", table.keyspace(), table.name()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (counter(node, "CompactionWritebackCalls") < calls + 3) {
            assertTrue(System.nanoTime() < deadline && !compaction.isDone(), "the compaction ended or never paced");
            Thread.sleep(20);
        }
        node.kill();
        node.start(settings.plusAgent(paced));
        verify(node, table);
        new DataVerifier(node.session(), table, rows).scan(ONE, RowSet.range(0, ROWS)).assertComplete();
    }

    /** Cassandra's extended verify of every SSTable of the table (4.1 and later run verify only with -f; 4.0 has no -f). */
    private static void verify(CassandraNode node, TestTable table) {
        String out = node.line() == CassandraLine.V4_0
                ? node.nodetool().ok("verify", "-e", table.keyspace(), table.name())
                : node.nodetool().ok("verify", "-f", "-e", table.keyspace(), table.name());
        assertTrue(!out.toLowerCase().contains("corrupt") && !out.toLowerCase().contains("error"), out);
    }

    /** A major compaction after a sync (so that only its own writes are dirty); the most dirty memory seen meanwhile. */
    private static long compactWatchingDirtyPages(CassandraNode node, TestTable table) throws Exception {
        Process sync = new ProcessBuilder("sync").inheritIO().start();
        assertTrue(sync.waitFor(2, TimeUnit.MINUTES) && sync.exitValue() == 0, "sync failed");
        AtomicLong most = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (running.get()) {
                most.accumulateAndGet(dirtyBytes(), Math::max);
                try {
                    Thread.sleep(25);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "dirty-pages");
        sampler.start();
        try {
            node.nodetool().ok("compact", table.keyspace(), table.name());
        } finally {
            running.set(false);
            sampler.join();
        }
        return most.get();
    }

    /** The table's Data.db bytes, once Cassandra has finished deleting the compaction's inputs (it does so after compact returns). */
    private static long dataBytes(CassandraNode node, TestTable table) throws InterruptedException {
        for (int attempt = 1;; attempt++) {
            try {
                return SSTableFiles.dataBytes(node.layout(), table.keyspace(), table.name());
            } catch (java.io.UncheckedIOException deletedMeanwhile) {
                if (attempt == 50) {
                    throw deletedMeanwhile;
                }
                Thread.sleep(100);
            }
        }
    }

    /** The host's dirty page cache, /proc/meminfo's Dirty. */
    private static long dirtyBytes() {
        try {
            for (String l : Files.readAllLines(Paths.get("/proc/meminfo"), StandardCharsets.US_ASCII)) {
                if (l.startsWith("Dirty:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("no Dirty line in /proc/meminfo");
    }

    private static long counter(CassandraNode node, String attribute) {
        return ((Number) AgentMBean.attribute(node.ports().jmx(), attribute)).longValue();
    }
}
