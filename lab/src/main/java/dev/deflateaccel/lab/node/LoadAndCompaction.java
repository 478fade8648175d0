package dev.deflateaccel.lab.node;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static dev.deflateaccel.lab.node.Elapsed.seconds;

import java.time.Duration;
import java.util.Locale;

import dev.deflateaccel.harness.Compactions;
import dev.deflateaccel.harness.LogFile;
import dev.deflateaccel.harness.ProcessCpu;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * The first phases the side-by-side command and the codec-share check run on a
 * TestTable: the load (closed loop, CL ONE), `nodetool flush`, the load's own compactions
 * finished, then a timed major compaction; node CPU (utime + stime) per loaded and per compacted row.
 */
final class LoadAndCompaction {

    double loadRowsPerSecond;
    double loadCpuMicrosPerRow;
    double flushSeconds;
    /** Wall time of `nodetool compact`, the nodetool JVM's start-up included. */
    double compactSeconds;
    /** The major compaction's duration as system.log gives it ("Compacted (...) in N ms"); NaN if not found. */
    double serverCompactSeconds = Double.NaN;
    double compactCpuMicrosPerRow;

    /** The major compaction's duration: the server's own where system.log gave it, else nodetool's wall time. */
    double majorCompactionSeconds() {
        return Double.isNaN(serverCompactSeconds) ? compactSeconds : serverCompactSeconds;
    }

    static LoadAndCompaction measure(FreshNode.Started node, TestTable table, SampleRows generator, long rows,
                                     int concurrency) {
        LoadAndCompaction m = new LoadAndCompaction();
        DataWriter writer = new DataWriter(node.session(), table, generator, ONE, concurrency);
        double cpu = ProcessCpu.seconds(node.pid);
        long t = System.nanoTime();
        long loadStart = t;
        try (Progress ignored = Progress.show("load", () -> String.format(Locale.ROOT, "%,d of %,d rows, %,.0f rows/s",
                writer.acknowledged(), rows, writer.acknowledged() / Math.max(0.001, seconds(loadStart))))) {
            writer.writeAll(0, rows);
        }
        m.loadRowsPerSecond = rows / seconds(t);
        m.loadCpuMicrosPerRow = (ProcessCpu.seconds(node.pid) - cpu) * 1e6 / rows;

        Progress.say("  flush, then major compaction ...");
        t = System.nanoTime();
        node.node.nodetool().ok("flush", table.keyspace(), table.name());
        m.flushSeconds = seconds(t);
        // Compactions the load triggered finish first, so that the timed major compaction is the
        // same work for every configuration: all rows rewritten once with the table's compressor.
        Compactions.awaitNone(node.node, table.keyspace(), Duration.ofMinutes(5));
        cpu = ProcessCpu.seconds(node.pid);
        LogFile.Mark logMark = node.log.mark();
        t = System.nanoTime();
        node.node.nodetool().ok("compact", table.keyspace(), table.name());
        m.compactSeconds = seconds(t);
        m.compactCpuMicrosPerRow = (ProcessCpu.seconds(node.pid) - cpu) * 1e6 / rows;
        // The server's own duration leaves out the nodetool JVM's start-up, about a second of noise here.
        long loggedMillis = ServerLogLines.of(node.log.linesSince(logMark), table.keyspace(), table.name())
                .compactionMillis;
        m.serverCompactSeconds = loggedMillis > 0 ? loggedMillis / 1000.0 : Double.NaN;
        return m;
    }
}
