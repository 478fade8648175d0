package dev.deflateaccel.lab.node;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import com.datastax.oss.driver.api.core.CqlSession;

import dev.deflateaccel.harness.AgentConfig;
import dev.deflateaccel.harness.CassandraDistribution;
import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.EngineStats;
import dev.deflateaccel.harness.Files2;
import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.Pause;
import dev.deflateaccel.harness.ProcessReaper;
import dev.deflateaccel.harness.SSTableFiles;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.MixedWorkload;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.lab.MachineDescription;
import dev.deflateaccel.sample.SampleRow;
import dev.deflateaccel.sample.SampleRows;

/**
 * End-to-end benchmark (lab/run-e2e-bench.sh): the same workload on one fresh single node per run
 * for five configurations - stock DeflateCompressor, Deflate + agent (libdeflate), Deflate + agent
 * (igzip, zlib as the only other engine), LZ4Compressor and ZstdCompressor tables on stock nodes -
 * alternated round-robin, several repetitions each. Per run: write throughput, flush + major
 * compaction time and MB/s, random point-read throughput and p99 with the chunk cache off (so every
 * read decompresses a chunk), SSTable size, and the Cassandra process's CPU seconds (utime + stime
 * from /proc/&lt;pid&gt;/stat) per operation of each phase. Medians and ratios to stock Deflate go to
 * lab/target/e2e-results/&lt;timestamp&gt;.md and a PNG chart next to it.
 */
public final class EndToEndBench {

    private EndToEndBench() {
    }

    static final class Options {
        String mode = "short";
        int rows = 40_000;
        int readSeconds = 12;
        int readWarmupSeconds = 3;
        int repetitions = 3;
        int chunkKb = 16;
        int concurrency = 32;
        CassandraLine cassandra = CassandraLine.V5_0;
        Path resultsDir = Paths.get(System.getProperty("deflateaccel.e2e.results", "target/e2e-results"));

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--short":
                        o.mode = "short";
                        break;
                    case "--rows":
                        o.rows = Integer.parseInt(args[++i]);
                        break;
                    case "--read-seconds":
                        o.readSeconds = Integer.parseInt(args[++i]);
                        break;
                    case "--repetitions":
                        o.repetitions = Integer.parseInt(args[++i]);
                        break;
                    case "--cassandra":
                        o.cassandra = CassandraLine.of(args[++i]);
                        break;
                    default:
                        throw new IllegalArgumentException("unknown argument " + args[i] + "\nusage: run-e2e-bench.sh"
                                + " [--short] [--cassandra 5.0|6.0] [--rows N] [--read-seconds S] [--repetitions R]");
                }
            }
            return o;
        }
    }

    /** One configuration: how the node is started and which compressor the table uses. */
    static final class Config {
        final String label;
        final String nodeName;
        final NodeSettings settings;
        final String compressor;
        /** The engine the agent must have used both ways, or null without the agent. */
        final String engine;

        Config(String label, String nodeName, NodeSettings settings, String compressor, String engine) {
            this.label = label;
            this.nodeName = nodeName;
            this.settings = settings;
            this.compressor = compressor;
            this.engine = engine;
        }
    }

    /** What one run measured. */
    static final class Run {
        double writeRowsPerSecond;
        double writeCpuMicrosPerRow;
        double flushSeconds;
        double compactSeconds;
        double compactMBps;
        double compactCpuMicrosPerRow;
        double readOpsPerSecond;
        double readP99Millis;
        double readCpuMicrosPerRead;
        double sstableMB;
        long readFailures;
        long wrongReads;
        /** Compaction time as Cassandra logged it ("Compacted (...) in N ms"), without nodetool's start-up. */
        double serverCompactSeconds = Double.NaN;
        String engines = "";
        double rawMB;

        double serverCompactMBps() {
            return rawMB / serverCompactSeconds;
        }
        boolean enginesOk = true;
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (RuntimeException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        System.setProperty("java.awt.headless", "true");
        Path nodesDir = NodeLayout.nodesDir();
        ProcessReaper.removeNodesOnExit(nodesDir, "e2e-bench");
        try {
            System.exit(run(options, nodesDir) ? 0 : 1);
        } catch (RuntimeException | AssertionError e) {
            System.err.println("e2e benchmark failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    static List<Config> configs() {
        NodeSettings noCache = NodeSettings.stock().yaml("file_cache_enabled", "false");
        AgentConfig igzip = SteadyConfig.IGZIP;
        return List.of(
                new Config("Deflate (stock)", "deflate-stock", noCache, "DeflateCompressor", null),
                new Config("Deflate + agent (libdeflate)", "deflate-libdeflate",
                        NodeSettings.withAgent(AgentConfig.libdeflate()).yaml("file_cache_enabled", "false"),
                        "DeflateCompressor", "libdeflate"),
                new Config("Deflate + agent (igzip)", "deflate-igzip",
                        NodeSettings.withAgent(igzip).yaml("file_cache_enabled", "false"), "DeflateCompressor", "igzip"),
                new Config("LZ4 (stock)", "lz4-stock", noCache, "LZ4Compressor", null),
                new Config("Zstd (stock)", "zstd-stock", noCache, "ZstdCompressor", null));
    }

    private static boolean run(Options options, Path nodesDir) {
        long benchStart = System.nanoTime();
        String machine = String.join("\n", MachineDescription.machineLines());
        Progress.say("e2e benchmark on %s", CassandraDistribution.locate(options.cassandra).describe());
        Progress.say("e2e benchmark, %s mode: %,d rows, %d s reads (%d s warm-up), %d repetitions, %d KiB chunks,"
                        + " concurrency %d", options.mode, options.rows, options.readSeconds, options.readWarmupSeconds,
                options.repetitions, options.chunkKb, options.concurrency);
        Progress.say("%s", machine.replace("\n", "; "));
        List<Config> configs = configs();
        Map<Config, List<Run>> results = new LinkedHashMap<>();
        configs.forEach(c -> results.put(c, new ArrayList<>()));
        SampleRows generator = new SampleRows(7, 10);
        double rawBytesPerRow = rawBytesPerRow(generator, options.rows);
        Progress.say("raw (uncompressed) column bytes per row: %.1f (mean over the %,d loaded rows)", rawBytesPerRow,
                options.rows);

        int total = configs.size() * options.repetitions;
        int done = 0;
        boolean clean = true;
        for (int rep = 1; rep <= options.repetitions; rep++) {
            for (Config config : configs) {
                done++;
                Progress.say("== run %d of %d: %s, repetition %d (elapsed %ds) ==", done, total, config.label, rep,
                        (System.nanoTime() - benchStart) / 1_000_000_000L);
                Run r = runOnce(config, options, nodesDir, generator, rawBytesPerRow, rep);
                results.get(config).add(r);
                clean &= r.readFailures == 0 && r.wrongReads == 0 && r.enginesOk;
                Progress.say("  -> write %,.0f rows/s, compact %.2f s (%.1f MB/s), read %,.0f ops/s p99 %.2f ms,"
                                + " %.2f MB on disk, CPU %.0f/%.0f/%.0f us per write/compacted row/read",
                        r.writeRowsPerSecond, r.compactSeconds, r.compactMBps, r.readOpsPerSecond, r.readP99Millis,
                        r.sstableMB, r.writeCpuMicrosPerRow, r.compactCpuMicrosPerRow, r.readCpuMicrosPerRead);
            }
        }
        double wallSeconds = (System.nanoTime() - benchStart) / 1e9;
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String markdown = render(options, machine, results, rawBytesPerRow, wallSeconds, stamp);
        try {
            Files.createDirectories(options.resultsDir);
            Path md = options.resultsDir.resolve(stamp + ".md");
            Files.write(md, markdown.getBytes(StandardCharsets.UTF_8));
            Path png = options.resultsDir.resolve(stamp + ".png");
            List<String> header = new ArrayList<>(List.of("lab/run-e2e-bench.sh, " + stamp + " UTC"));
            header.addAll(List.of(machine.split("\n")));
            chart(header, results, png);
            System.out.println();
            System.out.print(markdown);
            Progress.say("%nwritten: %s%n         %s", md.toAbsolutePath(), png.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!clean) {
            System.out.println("SOMETHING WENT WRONG: failed or wrong reads above.");
        }
        return clean;
    }

    private static Run runOnce(Config config, Options options, Path nodesDir, SampleRows generator,
            double rawBytesPerRow, int rep) {
        Run r = new Run();
        // A fresh data directory per run: NodeLayout.createFresh wipes nodesDir/<name>.
        try (CassandraNode node = CassandraNode.single(config.nodeName + "-" + rep, nodesDir, "127.0.0.1", options.cassandra)) {
            node.start(config.settings);
            long pid = node.pid();
            CqlSession session = node.session();
            TestTable table = new TestTable("e2e_bench", "rows", options.chunkKb);
            session.execute("CREATE KEYSPACE IF NOT EXISTS " + table.keyspace()
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute("CREATE TABLE " + table.qualified() + " ("
                    + "pk bigint, ck int, id uuid, created timestamp, name text, body text, amount double, payload blob, "
                    + "PRIMARY KEY (pk, ck)) WITH compression = {'class': '" + config.compressor
                    + "', 'chunk_length_in_kb': " + options.chunkKb + "}");

            // write
            DataWriter writer = new DataWriter(session, table, generator, ONE, options.concurrency);
            double cpu = ProcessCpu.seconds(pid);
            long t = System.nanoTime();
            long loadStart = t;
            try (Progress ignored = Progress.show("write", () -> String.format(Locale.ROOT, "%,d of %,d rows, %,.0f rows/s",
                    writer.acknowledged(), options.rows, writer.acknowledged() / Math.max(0.001, seconds(loadStart))))) {
                writer.writeAll(0, options.rows);
            }
            r.writeRowsPerSecond = options.rows / seconds(t);
            r.writeCpuMicrosPerRow = (ProcessCpu.seconds(pid) - cpu) * 1e6 / options.rows;

            // flush + major compaction
            Progress.say("  flush, then major compaction ...");
            t = System.nanoTime();
            node.nodetool().ok("flush", table.keyspace(), table.name());
            r.flushSeconds = seconds(t);
            Compactions.awaitNone(node, table.keyspace(), Duration.ofMinutes(5));
            cpu = ProcessCpu.seconds(pid);
            long logMark = node.systemLog().mark();
            t = System.nanoTime();
            node.nodetool().ok("compact", table.keyspace(), table.name());
            r.compactSeconds = seconds(t);
            r.compactCpuMicrosPerRow = (ProcessCpu.seconds(pid) - cpu) * 1e6 / options.rows;
            r.compactMBps = options.rows * rawBytesPerRow / 1e6 / r.compactSeconds;
            long loggedMillis = ServerLogLines.of(node.systemLog().linesSince(logMark), table.keyspace(), table.name())
                    .compactionMillis;
            r.serverCompactSeconds = loggedMillis > 0 ? loggedMillis / 1000.0 : Double.NaN;
            r.rawMB = options.rows * rawBytesPerRow / 1e6;
            awaitCompressor(node, table, config.compressor);
            r.sstableMB = SSTableFiles.dataBytes(node.layout(), table.keyspace(), table.name()) / 1e6;

            // random point reads, chunk cache off
            MixedWorkload warm = MixedWorkload.pointReads(session, table, generator, options.rows, options.concurrency, 5);
            try (Progress ignored = Progress.show("read warm-up, not measured", () -> String.format(Locale.ROOT,
                    "%,d reads", warm.completed.get()))) {
                warm.run(Duration.ofSeconds(options.readWarmupSeconds));
            }
            MixedWorkload reads = MixedWorkload.pointReads(session, table, generator, options.rows, options.concurrency, 11);
            cpu = ProcessCpu.seconds(pid);
            long readStart = System.nanoTime();
            try (Progress ignored = Progress.show("random point reads", () -> String.format(Locale.ROOT,
                    "%,d reads, %,.0f ops/s, %ds of %ds", reads.completed.get(),
                    reads.completed.get() / Math.max(0.001, seconds(readStart)), (long) seconds(readStart),
                    options.readSeconds))) {
                reads.run(Duration.ofSeconds(options.readSeconds));
            }
            r.readCpuMicrosPerRead = (ProcessCpu.seconds(pid) - cpu) * 1e6 / Math.max(1, reads.reads.count());
            r.readOpsPerSecond = reads.operationsPerSecond();
            r.readP99Millis = reads.reads.percentileMillis(99);
            r.readFailures = reads.failures.get() + warm.failures.get();
            r.wrongReads = reads.wrongReads.get() + warm.wrongReads.get();
            if (config.engine != null) {
                EngineStats stats = node.engineStats();
                long c = stats.get(config.engine, EngineStats.COMPRESS).operations;
                long d = stats.get(config.engine, EngineStats.DECOMPRESS).operations;
                long otherC = stats.operationsExcept(config.engine, EngineStats.COMPRESS);
                long otherD = stats.operationsExcept(config.engine, EngineStats.DECOMPRESS);
                long fallbacks = stats.get(config.engine, EngineStats.COMPRESS).fallbacks
                        + stats.get(config.engine, EngineStats.DECOMPRESS).fallbacks;
                r.engines = String.format(Locale.ROOT, "%s %,d compressions / %,d decompressions, other engines %,d / %,d,"
                        + " fallbacks %,d, errors %,d", config.engine, c, d, otherC, otherD, fallbacks, stats.totalErrors());
                r.enginesOk = stats.agentLoaded() && c > 0 && d > 0 && stats.totalErrors() == 0;
                Progress.say("  agent: %s", r.engines);
            }
            node.stop();
        }
        Files2.deleteRecursively(nodesDir.resolve(config.nodeName + "-" + rep));
        return r;
    }

    /**
     * Uncompressed size of a row as the sum of its column values: pk 8 + ck 4 + uuid 16 +
     * timestamp 8 + double 8 + UTF-8 bytes of name and body + payload bytes.
     */
    static double rawBytesPerRow(SampleRows generator, long rows) {
        long sum = 0;
        for (long i = 0; i < rows; i++) {
            SampleRow row = generator.row(i);
            sum += 8 + 4 + 16 + 8 + 8 + row.name.getBytes(StandardCharsets.UTF_8).length
                    + row.body.getBytes(StandardCharsets.UTF_8).length + row.payload.length;
        }
        return (double) sum / rows;
    }

    /** After the major compaction every live SSTable must carry the table's compressor. */
    private static void awaitCompressor(CassandraNode node, TestTable table, String compressor) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            List<String> found = SSTableFiles.compressors(node.layout(), table.keyspace(), table.name());
            if (!found.isEmpty() && found.stream().allMatch(c -> c.endsWith(compressor))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("SSTables are not all " + compressor + ": " + found);
            }
            Pause.millis(250);
        }
    }

    static double median(List<Run> runs, ToDoubleFunction<Run> metric) {
        double[] v = runs.stream().mapToDouble(metric).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static final String[] HEADERS = {"write rows/s", "flush s", "compact s", "compact s (server log)",
            "compact MB/s", "compact MB/s (server log)",
            "read ops/s", "read p99 ms", "Data.db MB", "CPU us/write", "CPU us/compacted row", "CPU us/read"};
    private static final List<ToDoubleFunction<Run>> METRICS = List.of(r -> r.writeRowsPerSecond,
            r -> r.flushSeconds, r -> r.compactSeconds, r -> r.serverCompactSeconds, r -> r.compactMBps,
            r -> r.serverCompactMBps(), r -> r.readOpsPerSecond,
            r -> r.readP99Millis, r -> r.sstableMB, r -> r.writeCpuMicrosPerRow, r -> r.compactCpuMicrosPerRow,
            r -> r.readCpuMicrosPerRead);

    static String render(Options options, String machine, Map<Config, List<Run>> results, double rawBytesPerRow,
            double wallSeconds, String stamp) {
        StringBuilder md = new StringBuilder();
        md.append("# deflate-accel end-to-end benchmark, ").append(stamp).append(" UTC\n\n");
        for (String line : machine.split("\n")) {
            md.append("- ").append(line).append('\n');
        }
        md.append("- ").append(options.cassandra).append(", nodes started with bin/cassandra -f from a release layout\n");
        md.append(String.format(Locale.ROOT, "- mode %s: %,d rows (%.1f raw bytes/row, %.1f MB raw), %d KiB chunks,"
                        + " concurrency %d, %d s random point reads after %d s warm-up, %d repetitions per"
                        + " configuration, round-robin, fresh single node and data directory per run;"
                        + " `file_cache_enabled: false` (chunk cache off, every read decompresses); wall time %.0f s\n\n",
                options.mode, options.rows, rawBytesPerRow, options.rows * rawBytesPerRow / 1e6, options.chunkKb,
                options.concurrency, options.readSeconds, options.readWarmupSeconds, options.repetitions, wallSeconds));
        md.append("Medians over the repetitions; in parentheses the ratio to stock Deflate.\n\n");
        md.append("| configuration | runs |");
        for (String h : HEADERS) {
            md.append(' ').append(h).append(" |");
        }
        md.append("\n| --- | ---: |");
        for (int i = 0; i < HEADERS.length; i++) {
            md.append(" ---: |");
        }
        md.append('\n');
        List<Run> base = results.values().iterator().next();
        for (Map.Entry<Config, List<Run>> e : results.entrySet()) {
            md.append("| ").append(e.getKey().label).append(" | ").append(e.getValue().size()).append(" |");
            for (ToDoubleFunction<Run> metric : METRICS) {
                double v = median(e.getValue(), metric);
                double b = median(base, metric);
                md.append(' ').append(format(v)).append(String.format(Locale.ROOT, " (%.2fx)", v / b)).append(" |");
            }
            md.append('\n');
        }
        md.append("\nHow measured:\n");
        md.append("- write rows/s: rows / wall time of the load (async inserts at CL ONE, commit log on).\n");
        md.append("- flush s: `nodetool flush`; compact s: `nodetool compact` after background compactions"
                + " finished (stock 5.0 flushes with LZ4 under `flush_compression: fast`, so the major compaction"
                + " is where the table's compressor compresses).\n");
        md.append("- compact s (server log): the duration Cassandra logs for the major compaction"
                + " (\"Compacted (...) in N ms\" in system.log); `compact s` is the wall time of `nodetool compact`,"
                + " which includes the nodetool JVM's start-up (about a second here).\n");
        md.append("- compact MB/s: rows x mean raw column bytes per row (pk 8 + ck 4 + uuid 16 + timestamp 8 +"
                + " double 8 + UTF-8 name + body + payload) / compact s.\n");
        md.append("- read ops/s, p99: 100% random point reads of loaded rows, each checked against the generator.\n");
        md.append("- Data.db MB: live Data.db bytes after compaction.\n");
        md.append("- CPU us/op: delta of utime+stime of the Cassandra process (/proc/<pid>/stat) over the phase,"
                + " divided by rows written / rows compacted / reads completed.\n");
        md.append("\nPer run (repetition order):\n\n");
        for (Map.Entry<Config, List<Run>> e : results.entrySet()) {
            md.append("- ").append(e.getKey().label).append(": ");
            List<String> parts = new ArrayList<>();
            for (Run r : e.getValue()) {
                parts.add(String.format(Locale.ROOT, "[%,.0f w/s, %.2f s compact, %,.0f r/s, p99 %.2f ms, %.2f MB]",
                        r.writeRowsPerSecond, r.compactSeconds, r.readOpsPerSecond, r.readP99Millis, r.sstableMB));
            }
            md.append(String.join(" ", parts)).append('\n');
            for (Run r : e.getValue()) {
                if (!r.engines.isEmpty()) {
                    md.append("  - agent statistics: ").append(r.engines).append('\n');
                }
            }
        }
        return md.toString();
    }

    private static String format(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (Math.abs(v) >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** Four bar charts of the medians (compaction MB/s, read ops/s, CPU per read, size) in one PNG. */
    static void chart(List<String> header, Map<Config, List<Run>> results, Path png) throws IOException {
        String[] titles = {"compaction MB/s (raw bytes, server-logged time)", "point reads ops/s (chunk cache off)",
                "server CPU us per read", "Data.db MB after compaction"};
        List<ToDoubleFunction<Run>> metrics = List.of(Run::serverCompactMBps, r -> r.readOpsPerSecond,
                r -> r.readCpuMicrosPerRead, r -> r.sstableMB);
        List<BarChartGrid.Panel> panels = new ArrayList<>();
        for (int i = 0; i < titles.length; i++) {
            Map<String, Double> bars = new LinkedHashMap<>();
            for (Map.Entry<Config, List<Run>> e : results.entrySet()) {
                bars.put(e.getKey().label, median(e.getValue(), metrics.get(i)));
            }
            panels.add(new BarChartGrid.Panel(titles[i], bars));
        }
        BarChartGrid.write(header, panels, png);
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

}
