package dev.deflateaccel.lab.node;

import java.util.List;
import java.util.Locale;

/** What the end-to-end report shows (RunReport writes it): the former report's twelve columns, now rows. */
final class EndToEndReport {

    static final Metric<EndToEndResult> WRITE_RATE = new Metric<>("write rows/s", r -> r.load.loadRowsPerSecond, false, "%,.0f");
    static final Metric<EndToEndResult> FLUSH = new Metric<>("flush s", r -> r.load.flushSeconds, true, "%.2f");
    static final Metric<EndToEndResult> COMPACT = new Metric<>("compact s", r -> r.load.compactSeconds, true, "%.2f");
    static final Metric<EndToEndResult> SERVER_COMPACT = new Metric<>("compact s (server log)",
            r -> r.load.serverCompactSeconds, true, "%.2f");
    static final Metric<EndToEndResult> COMPACT_RATE = new Metric<>("compact MB/s", r -> r.compactMBps, false, "%.1f");
    static final Metric<EndToEndResult> SERVER_COMPACT_RATE = new Metric<>("compact MB/s (server log)",
            EndToEndResult::serverCompactMBps, false, "%.1f");
    static final Metric<EndToEndResult> READ_RATE = new Metric<>("read ops/s", r -> r.readOpsPerSecond, false, "%,.0f");
    static final Metric<EndToEndResult> READ_P99 = new Metric<>("read p99 ms", r -> r.readP99Millis, true, "%.2f");
    static final Metric<EndToEndResult> DATA_MB = new Metric<>("Data.db MB", r -> r.sstableMB, true, "%.2f");
    static final Metric<EndToEndResult> CPU_PER_WRITE = new Metric<>("CPU us/write", r -> r.load.loadCpuMicrosPerRow, true, "%.1f");
    static final Metric<EndToEndResult> CPU_PER_COMPACTED_ROW = new Metric<>("CPU us/compacted row",
            r -> r.load.compactCpuMicrosPerRow, true, "%.1f");
    static final Metric<EndToEndResult> CPU_PER_READ = new Metric<>("CPU us/read", r -> r.readCpuMicrosPerRead, true, "%.1f");

    static final RunReport.Definition<EndToEndResult> DEFINITION = new RunReport.Definition<>(
            "deflate-accel end-to-end benchmark",
            List.of(WRITE_RATE, FLUSH, COMPACT, SERVER_COMPACT, COMPACT_RATE, SERVER_COMPACT_RATE, READ_RATE, READ_P99,
                    DATA_MB, CPU_PER_WRITE, CPU_PER_COMPACTED_ROW, CPU_PER_READ),
            List.of(SERVER_COMPACT_RATE, READ_RATE, CPU_PER_COMPACTED_ROW, CPU_PER_READ, DATA_MB),
            List.of(SERVER_COMPACT_RATE, READ_RATE, CPU_PER_READ, DATA_MB),
            null,
            group -> null,
            r -> String.format(Locale.ROOT, "%,.0f w/s, flush %.2f s, compact %.2f s (server log %.2f s), %,.0f r/s,"
                            + " p99 %.2f ms, %.2f MB, CPU %.0f/%.0f/%.0f us per write/compacted row/read, failed"
                            + " reads %d, wrong reads %d", r.load.loadRowsPerSecond, r.load.flushSeconds,
                    r.load.compactSeconds, r.load.serverCompactSeconds, r.readOpsPerSecond, r.readP99Millis, r.sstableMB,
                    r.load.loadCpuMicrosPerRow, r.load.compactCpuMicrosPerRow, r.readCpuMicrosPerRead, r.failures, r.wrongReads),
            r -> r.engines.line,
            List.of("write rows/s: rows / wall time of the load (async inserts at CL ONE, commit log on).",
                    "flush s: `nodetool flush`; compact s: `nodetool compact` after background compactions"
                            + " finished (stock 5.0 flushes with LZ4 under `flush_compression: fast`, so the major"
                            + " compaction is where the table's compressor compresses).",
                    "compact s (server log): the duration Cassandra logs for the major compaction"
                            + " (\"Compacted (...) in N ms\" in system.log); `compact s` is the wall time of `nodetool"
                            + " compact`, which includes the nodetool JVM's start-up (about a second here).",
                    "compact MB/s: rows x mean raw column bytes per row (pk 8 + ck 4 + uuid 16 + timestamp 8 +"
                            + " double 8 + UTF-8 name + body + payload) / compact s; (server log): the same bytes /"
                            + " compact s (server log).",
                    "read ops/s, p99: 100% random point reads of loaded rows, each checked against the generator.",
                    "Data.db MB: live Data.db bytes after compaction.",
                    "CPU us/op: delta of utime+stime of the Cassandra process (/proc/<pid>/stat) over the phase,"
                            + " divided by rows written / rows compacted / reads completed.",
                    "every node: `file_cache_enabled: false` (chunk cache off, so every point read decompresses a"
                            + " chunk); the agent's configurations must have served compressions and decompressions."));

    private EndToEndReport() {
    }
}
