package dev.deflateaccel.lab.advise;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.deflateaccel.harness.AgentCli;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.NodeLayout;
import dev.deflateaccel.harness.NodeSettings;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.MachineLoad;
import dev.deflateaccel.lab.RepoLayout;
import dev.deflateaccel.lab.chunk.BenchConfiguration;
import dev.deflateaccel.lab.chunk.ConfigurationOutcome;
import dev.deflateaccel.lab.chunk.ConfigurationRun;
import dev.deflateaccel.lab.chunk.RunnerOptions;
import dev.deflateaccel.lab.chunk.ScenarioResult;
import dev.deflateaccel.lab.tools.AgentJar;
import dev.deflateaccel.lab.tools.ProgramOptions;
import dev.deflateaccel.lab.tools.ReportDataFile;
import dev.deflateaccel.lab.tools.ReportHeader;
import dev.deflateaccel.sample.SampleRows;

/**
 * Issue 56 item 4: {@code advise}'s speed for stock zlib 6, libdeflate 6, igzip 1, LZ4 and Zstd
 * against the chunk benchmark's (JMH, Cassandra's real compressor classes, the agent in the fork
 * for the engines) on the same chunks of one real table. A node writes the same rows into a
 * Deflate, an LZ4 and a Zstd table (16 KiB chunks, one SSTable each) and stops; then each round
 * runs {@code advise --json --all-chunks} on them, and the benchmark on each table's chunks as
 * Cassandra decompresses them ({@link TableChunks}), one configuration after the other.
 */
public final class AdviseCheckRunner {
    static final String KEYSPACE = "advise_check";
    static final int CHUNK_KIB = 16;
    /** advise's row for each configuration, on the table of its compressor ("current": the table's own compressor). */
    static final Map<BenchConfiguration, String[]> ADVISE_ROW = new LinkedHashMap<>();

    static {
        ADVISE_ROW.put(BenchConfiguration.STOCK, new String[] {"deflate_16k", "zlib 6"});
        ADVISE_ROW.put(BenchConfiguration.LIBDEFLATE, new String[] {"deflate_16k", "libdeflate 6"});
        ADVISE_ROW.put(BenchConfiguration.IGZIP, new String[] {"deflate_16k", "igzip 1"});
        ADVISE_ROW.put(BenchConfiguration.LZ4, new String[] {"lz4_16k", "current"});
        ADVISE_ROW.put(BenchConfiguration.ZSTD, new String[] {"zstd_16k", "current"});
    }

    private AdviseCheckRunner() {
    }

    public static void main(String[] args) throws Exception {
        AdviseCheckOptions options = ProgramOptions.parse("advise-check", args, AdviseCheckOptions.USAGE,
                AdviseCheckOptions::parse);
        if (options == null) {
            return;
        }
        useTheRepositorysBuild(options);
        ReportHeader header = new ReportHeader(AdviseCheckRunner.class, args);
        header.put("Agent jar", AgentJar.describe(options.agentJar));
        header.put("Measured", options.describe());
        header.printStart("advise-check");
        Path work = Files.createDirectories(RepoLayout.workDir().resolve(header.stamp() + "-advise-check"));
        Path corpus = Files.createDirectories(work.resolve("corpus"));

        Tables tables = writeTables(options, work);
        header.put("Tables", tables.describe);
        for (String table : tables.dirs.keySet()) {
            String codec = table.startsWith("deflate") ? CassandraCodecs.DEFLATE
                    : table.startsWith("lz4") ? CassandraCodecs.LZ4 : CassandraCodecs.ZSTD;
            List<byte[]> chunks = TableChunks.read(tables.dirs.get(table), CassandraCodecs.create(codec));
            Files.write(Files.createDirectories(corpus.resolve(table)).resolve("chunks.bin"),
                    TableChunks.concatenated(chunks));
            tables.chunks.put(table, chunks.size());
        }

        List<AdviseCheckReport.Round> rounds = new ArrayList<>();
        for (int r = 1; r <= options.rounds; r++) {
            MachineLoad.waitForQuiet(30);
            AdviseCheckReport.Round round = new AdviseCheckReport.Round(r);
            MachineLoad before = MachineLoad.snapshot();
            adviseRates(tables, options, round);
            for (BenchConfiguration c : ADVISE_ROW.keySet()) {
                ConfigurationOutcome outcome = ConfigurationRun.run(c, r, jmhOptions(options, corpus,
                        ADVISE_ROW.get(c)[0]), work);
                if (!outcome.usable()) {
                    round.problems.add(c.id() + ": " + (outcome.failure != null ? outcome.failure : outcome.skipped));
                    continue;
                }
                ScenarioResult s = outcome.results.values().iterator().next();
                round.jmh.put(c, new double[] {s.compress.median, s.decompress.median});
                System.out.printf("[advise-check] round %d %s: advise %s, JMH compress %.1f decompress %.1f MB/s%n", r,
                        c.id(), java.util.Arrays.toString(round.advise.get(c)), s.compress.median, s.decompress.median);
            }
            round.load = MachineLoad.snapshot().describeSince(before);
            round.disturbed = MachineLoad.snapshot().disturbedSince(before);
            rounds.add(round);
        }
        String markdown = new AdviseCheckReport(header, options, tables, rounds).render();
        Files.createDirectories(options.resultsDir);
        Path report = options.resultsDir.resolve(header.stamp() + "-advise-check.md");
        ReportDataFile.write(report, markdown);
        System.out.println(markdown);
        System.out.println("[advise-check] report written to " + report);
    }

    /**
     * The node's lib/ as the build assembles it, the agent jar measured, and the nodes under
     * lab/target, unless given as -D; the JMH forks get the agent only through -javaagent.
     */
    private static void useTheRepositorysBuild(AdviseCheckOptions options) {
        Path root = RepoLayout.repoRoot();
        if (System.getProperty(options.line.libProperty()) == null) {
            System.setProperty(options.line.libProperty(), root.resolve(options.line.mavenLib()).toString());
        }
        if (System.getProperty(dev.deflateaccel.harness.AgentJar.PROPERTY) == null) {
            System.setProperty(dev.deflateaccel.harness.AgentJar.PROPERTY, options.agentJar.toString());
        }
        if (System.getProperty(NodeLayout.NODES_DIR_PROPERTY) == null) {
            System.setProperty(NodeLayout.NODES_DIR_PROPERTY, root.resolve("lab/target/advise-check-nodes").toString());
        }
    }

    /** The three tables a node wrote, each one SSTable of the same rows, and where its lib/ is. */
    static final class Tables {
        final Map<String, Path> dirs = new LinkedHashMap<>();
        final Map<String, Integer> chunks = new LinkedHashMap<>();
        Path keyspaceDir;
        Path lib;
        String describe;
    }

    private static Tables writeTables(AdviseCheckOptions options, Path work) {
        Tables tables = new Tables();
        SampleRows rows = new SampleRows(8128, 10);
        try (CassandraNode node = CassandraNode.single("advise-check", NodeLayout.nodesDir(), "127.0.0.1",
                options.line)) {
            node.start(NodeSettings.stock());
            String[][] specs = {{"deflate_16k", "DeflateCompressor"}, {"lz4_16k", "LZ4Compressor"},
                    {"zstd_16k", "ZstdCompressor"}};
            for (String[] spec : specs) {
                TestTable table = new TestTable(KEYSPACE, spec[0], CHUNK_KIB, spec[1]);
                table.create(node.session(), 1);
                new DataWriter(node.session(), table, rows, ONE).writeAll(0, options.rows);
                node.nodetool().ok("flush", KEYSPACE, spec[0]);
                node.nodetool().ok("compact", KEYSPACE, spec[0]);
            }
            tables.keyspaceDir = node.layout().tableDataParent(KEYSPACE);
            tables.lib = node.layout().lib();
            tables.describe = "written by a stock Cassandra " + node.line().version() + " node: " + options.rows
                    + " rows (SampleRows seed 8128) into each of a DeflateCompressor, an LZ4Compressor and a"
                    + " ZstdCompressor table, 16 KiB chunks, flushed and major-compacted into one SSTable each";
            node.stop();
            awaitOneSSTableEach(tables);
        }
        return tables;
    }

    /** Compaction removes the SSTables it replaced after it returns; the node is stopped, so this ends. */
    private static void awaitOneSSTableEach(Tables tables) {
        try (java.util.stream.Stream<Path> dirs = Files.list(tables.keyspaceDir)) {
            dirs.forEach(d -> tables.dirs.put(d.getFileName().toString().replaceAll("-[0-9a-f]{32}$", ""), d));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static RunnerOptions jmhOptions(AdviseCheckOptions options, Path corpus, String table) {
        RunnerOptions o = RunnerOptions.parse(new String[] {"--corpus", corpus.toString(), "--chunks",
                Integer.toString(CHUNK_KIB), "--forks", "1", "--warmup", Integer.toString(options.warmup),
                "--iterations", Integer.toString(options.iterations), "--time", "1", "--agent",
                options.agentJar.toString()});
        o.datasets = List.of(table);
        return o;
    }

    /** One advise run over the three tables: each configuration's row, compress and decompress MB/s (medians). */
    private static void adviseRates(Tables tables, AdviseCheckOptions options, AdviseCheckReport.Round round)
            throws IOException {
        AgentCli.Result r = AgentCli.run("advise", "--json", "--all-chunks", "--seconds",
                Integer.toString(options.adviseSeconds), "--cassandra-lib", tables.lib.toString(),
                tables.keyspaceDir.toString());
        if (r.exitCode != 0) {
            round.problems.add("advise exit " + r.exitCode + ": " + r.output);
            return;
        }
        String json = r.output.substring(r.output.indexOf("{\"tool\""));
        JsonNode report = new ObjectMapper().readTree(json.substring(0, json.indexOf('\n') < 0 ? json.length()
                : json.indexOf('\n')));
        for (Map.Entry<BenchConfiguration, String[]> e : ADVISE_ROW.entrySet()) {
            for (JsonNode t : report.get("tables")) {
                if (!t.get("table").asText().equals(e.getValue()[0])) {
                    continue;
                }
                round.adviseChunks.put(e.getValue()[0], t.get("sample").get("chunks").asInt());
                round.readWith.put(e.getValue()[0], t.get("sample").get("readWith").asText());
                JsonNode row = e.getValue()[1].equals("current") ? t.get("current") : null;
                for (JsonNode m : t.get("engines")) {
                    if (row == null && m.get("label").asText().equals(e.getValue()[1])) {
                        row = m;
                    }
                }
                if (row == null || row.get("compressMBps") == null) {
                    round.problems.add("advise: no measured row " + e.getValue()[1] + " on " + e.getValue()[0]);
                } else {
                    round.advise.put(e.getKey(), new double[] {row.get("compressMBps").get("median").asDouble(),
                            row.get("decompressMBps").get("median").asDouble()});
                }
            }
        }
        round.warmUp = report.get("warmUp").asText();
    }
}
