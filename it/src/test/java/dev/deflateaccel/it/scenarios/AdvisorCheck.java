package dev.deflateaccel.it.scenarios;

import static com.datastax.oss.driver.api.core.ConsistencyLevel.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deflateaccel.bridge.files.FolderDigest;
import dev.deflateaccel.harness.AgentCli;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.DeflateSSTables;
import dev.deflateaccel.harness.JavaRuntime;
import dev.deflateaccel.harness.workload.DataWriter;
import dev.deflateaccel.harness.workload.TestTable;
import dev.deflateaccel.sample.SampleRows;

/**
 * The advisor ({@code advise}) on SSTables a real node wrote, riding on a node InstalledBaseIT
 * starts anyway: three more small tables of the same rows beside its own (Deflate with 64 KiB
 * chunks, flushed and compacted; LZ4 with 16 KiB chunks, flushed; Zstd with 16 KiB chunks, flushed and
 * compacted, since a flush writes LZ4 for it), then the advisor on the keyspace folder twice,
 * with the node's own Java: beside the running node, a sample of {@link #SAMPLED_CHUNKS} chunks
 * per table; with the node stopped, every chunk. Every engine's predicted size from the sample must be within
 * {@link #TOLERANCE} of its size over every chunk (which is what recompressing the SSTables with
 * it gives: the every-chunk run sums each chunk's recompressed bytes), every chunk must round-trip,
 * and the keyspace folder must be byte-identical (names, sizes, mtimes, bytes) after both runs to
 * what it was before the first (the node writes nothing there once its tables are flushed). Last,
 * with the node stopped, the advisor on the node's whole data directory: one answer for the node,
 * its system keyspaces left out, every table of "base" advised, and every file left as it was;
 * under the CPU goal the LZ4 and Zstd tables are not moved (LZ4 timed through its JNI code, as the
 * node runs it), and each Deflate table's own answer is the cheapest row at its size. The sampled
 * run beside the running node also reads the node's codec share ({@code --node-cpu}), with
 * libdeflate 6 serving: the prediction starts from that row, and Cassandra's own code is predicted.
 */
final class AdvisorCheck {
    static final int ROWS = 4_000;
    static final int SAMPLED_CHUNKS = 16;
    static final double TOLERANCE = 0.02;
    /**
     * advise warms every row up for up to 300 ms; this check weighs sizes and the decision's
     * consistency with the rows, never how fast, so 20 ms each, as the agent module's tests
     * (about 30 s less per line on CI's 2 cores).
     */
    static final List<String> SHORT_WARM_UP = List.of("-Ddeflateaccel.advise.warmUpMillis=20");

    private final CassandraNode node;
    private final JavaRuntime java;
    private final String label;
    private FolderDigest before;
    private AgentCli.Result sampled;

    AdvisorCheck(CassandraNode node, JavaRuntime java, String label) {
        this.node = node;
        this.java = java;
        this.label = label;
    }

    /** On the running node: the extra tables, on disk as Deflate 64 KiB, LZ4 16 KiB and Zstd 16 KiB SSTables. */
    void writeTables() {
        SampleRows rows = new SampleRows(8128, 10);
        TestTable lz4 = new TestTable("base", "advise_lz4_16k", 16, "LZ4Compressor");
        lz4.create(node.session(), 1);
        new DataWriter(node.session(), lz4, rows, ONE).writeAll(0, ROWS);
        node.nodetool().ok("flush", lz4.keyspace(), lz4.name());
        TestTable zstd = new TestTable("base", "advise_zstd_16k", 16, "ZstdCompressor");
        zstd.create(node.session(), 1);
        new DataWriter(node.session(), zstd, rows, ONE).writeAll(0, ROWS);
        // 4.0+ flush a slow compressor's table with LZ4 (flush_compression: fast): compaction writes Zstd.
        node.nodetool().ok("flush", zstd.keyspace(), zstd.name());
        node.nodetool().ok("compact", zstd.keyspace(), zstd.name());
        // The Deflate table last: its compaction, through libdeflate, is what the sampled run's
        // --node-cpu reads as the last minute's share, so it must fall well inside that minute.
        TestTable deflate = new TestTable("base", "advise_deflate_64k", 64);
        deflate.create(node.session(), 1);
        new DataWriter(node.session(), deflate, rows, ONE).writeAll(0, ROWS);
        DeflateSSTables.flushAndCompact(node, deflate);
    }

    /** Beside the running node (every table flushed, none being written): the sampled run. */
    void sampleWhileRunning() {
        awaitSettled();
        before = FolderDigest.of(keyspace());
        // --seconds bounds the whole run, shared among the tables by size: 4 s left the later tables
        // short of their 16 chunks on a loaded 2-core machine; the comparison needs the full sample.
        sampled = AgentCli.runOn(java, SHORT_WARM_UP, "advise", "--json", "--seconds", "20", "--max-chunks",
                Integer.toString(SAMPLED_CHUNKS), "--cassandra-lib", node.layout().lib().toString(),
                "--node-cpu", Integer.toString(node.ports().jmx()), keyspace().toString()).ok();
        // The tables were just written, flushed and compacted through libdeflate 6: the last minute's
        // share is that engine's, and the prediction starts from its row at its level.
        assertTrue(sampled.output.contains("with libdeflate 6 serving)"), sampled.output);
        assertTrue(sampled.output.contains("{\"row\":\"DeflateCompressor\""), "Cassandra's own code predicted:\n"
                + sampled.output);
    }

    /**
     * Compaction deletes the SSTables it replaced after it returns: until no transaction log is left
     * in the table folders and they stay the same for a second, the node is still changing them.
     */
    private void awaitSettled() {
        long deadline = System.nanoTime() + 60_000_000_000L;
        FolderDigest previous = null;
        while (System.nanoTime() < deadline) {
            FolderDigest now = FolderDigest.of(keyspace());
            boolean logs = now.names().stream().anyMatch(f -> f.endsWith(".log"));
            if (!logs && now.equals(previous)) {
                return;
            }
            previous = logs ? null : now;
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("the table folders of " + keyspace() + " kept changing: " + previous);
    }

    private Path keyspace() {
        return node.layout().tableDataParent("base");
    }

    /** With the node stopped: every chunk, the comparison, and the folder as it was before the first run. */
    void checkAfterStop() {
        AgentCli.Result all = AgentCli.runOn(java, SHORT_WARM_UP, "advise", "--json", "--seconds", "4", "--all-chunks",
                "--cassandra-lib", node.layout().lib().toString(), keyspace().toString()).ok();
        assertEquals(before, FolderDigest.of(keyspace()), "the data folder " + keyspace() + " changed");

        Map<String, Table> s = tables(sampled.output);
        Map<String, Table> a = tables(all.output);
        assertEquals(4, a.size(), all.output);
        assertEquals(a.keySet(), s.keySet(), sampled.output);
        assertEquals("LZ4Compressor [16384]", a.get("advise_lz4_16k").compressor, all.output);
        assertEquals("DeflateCompressor [65536]", a.get("advise_deflate_64k").compressor, all.output);
        assertEquals("ZstdCompressor [16384]", a.get("advise_zstd_16k").compressor, all.output);
        for (Map.Entry<String, Table> e : a.entrySet()) {
            Table every = e.getValue();
            Table sample = s.get(e.getKey());
            // Every chunk read: the stored bytes are Data.db's, so each prediction is a recompression's sum.
            assertEquals(every.chunks, every.sampledChunks, e.getKey() + ": not every chunk read\n" + all.output);
            assertEquals(every.dataBytes, every.storedBytes, e.getKey() + "\n" + all.output);
            assertEquals(Math.min(SAMPLED_CHUNKS, every.chunks), sample.sampledChunks, e.getKey() + "\n" + sampled.output);
            assertTrue(every.predicted.containsKey("zlib 6") && every.predicted.containsKey("libdeflate 6")
                    && every.predicted.containsKey("igzip 1"), e.getKey() + " " + every.predicted);
            for (Map.Entry<String, Long> p : every.predicted.entrySet()) {
                Long predicted = sample.predicted.get(p.getKey());
                assertTrue(predicted != null, e.getKey() + ": " + p.getKey() + " not measured on the sample");
                double off = (double) predicted / p.getValue() - 1;
                System.out.printf("[advise %s] %s (%s, %d of %d chunks) %s: sample predicts %d, every chunk %d"
                        + " bytes: %+.2f%%%n", label, e.getKey(), every.compressor, sample.sampledChunks, every.chunks,
                        p.getKey(), predicted, p.getValue(), off * 100);
                assertTrue(Math.abs(off) <= TOLERANCE, label + " " + e.getKey() + " " + p.getKey() + ": sample predicts "
                        + predicted + ", every chunk gives " + p.getValue());
            }
        }
        for (String deflateTable : new String[] {"advise_deflate_64k", "rows_" + node.line().name().toLowerCase()}) {
            cheapestAtItsSize(all.output, deflateTable);
        }
        checkWholeNode();
    }

    private static final Pattern ROW = Pattern.compile("\\{\"label\":\"([^\"]+)\",\"current\":(true|false),"
            + "\"engine\":\"[^\"]+\",\"bytes\":(\\d+),\"sizeMargin\":([^,]+),\"decompressCpuSecondsPerGB\":[^,]+,"
            + "\"decompressSpread\":[^,]+,\"compressCpuSecondsPerGB\":[^,]+,\"compressSpread\":[^,]+,"
            + "\"cpuSecondsPerGB\":([^,]+),\"cpuSpread\":([^,]+),");

    /**
     * A Deflate table's own answer under the CPU goal, from --json's rows: a row at its size (within
     * 1% and the row's sampling margin) tied with the cheapest such row (within both spreads).
     */
    private void cheapestAtItsSize(String output, String table) {
        String json = output.substring(output.indexOf("\"table\":\"" + table + "\""));
        json = json.substring(0, json.indexOf("\"folders\":"));
        Matcher pick = Pattern.compile("\"cpu\":\\{\"goal\":\"[^\"]+\",\"pick\":\"([^\"]+)\"").matcher(json);
        assertTrue(pick.find(), table + ": no answer for the CPU goal\n" + json);
        Matcher m = ROW.matcher(json);
        double currentBytes = -1;
        Map<String, double[]> rows = new LinkedHashMap<>();
        while (m.find()) {
            double[] r = {Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)),
                    Double.parseDouble(m.group(6))};
            rows.put(m.group(1), r);
            if (m.group(2).equals("true")) {
                currentBytes = r[0];
            }
        }
        assertTrue(currentBytes > 0 && rows.containsKey(pick.group(1)), table + "\n" + json);
        double[] cheapest = null;
        for (double[] r : rows.values()) {
            if (r[0] <= currentBytes * (1.01 + r[1]) && (cheapest == null || r[2] < cheapest[2])) {
                cheapest = r;
            }
        }
        double[] p = rows.get(pick.group(1));
        System.out.printf("[advise %s] %s: least CPU at today's size: %s, %.2f CPU s/GB; the cheapest row at its size"
                + " %.2f%n", label, table, pick.group(1), p[2], cheapest[2]);
        assertTrue(p[0] <= currentBytes * (1.01 + p[1]), table + ": " + pick.group(1) + " is not at its size");
        assertTrue(p[2] <= cheapest[2] + cheapest[3] + p[3], table + ": " + pick.group(1) + " is not the cheapest at its size");
    }

    /**
     * With the node stopped: {@code advise DATA_DIR} on the node's data directory (system keyspaces
     * and all), a small sample so that it stays short; one node answer, and the LZ4 table told to
     * keep LZ4 or shown the CPU a change adds beside the space it saves.
     */
    void checkWholeNode() {
        Path data = node.layout().storage().resolve("data");
        FolderDigest before = FolderDigest.of(data);
        AgentCli.Result r = AgentCli.runOn(java, SHORT_WARM_UP, "advise", "--seconds", "6", "--max-chunks",
                Integer.toString(SAMPLED_CHUNKS), "--cassandra-lib", node.layout().lib().toString(), data.toString()).ok();
        assertEquals(before, FolderDigest.of(data), "the data directory " + data + " changed");
        String out = r.output;
        assertTrue(out.contains("Table base.advise_lz4_16k (LZ4Compressor) in "), out);
        assertTrue(out.contains("Table base.advise_deflate_64k (DeflateCompressor) in "), out);
        assertFalse(out.contains("Table system"), "system keyspaces are left out:\n" + out);
        assertTrue(out.contains("  - system keyspaces system, "), out);
        assertEquals(1, out.split("For the node \\(--goal cpu: ", -1).length - 1, "one answer for the node:\n" + out);
        assertTrue(out.split("In the agent's config file", -1).length <= 2, "at most one config block:\n" + out);
        assertTrue(out.contains("Table base.advise_zstd_16k (ZstdCompressor) in "), out);
        assertTrue(out.contains("lz4-java from " + node.layout().lib() + ", its JNI code, as the node runs it"), out);
        assertFalse(out.contains("ALTER TABLE base.advise_lz4_16k") || out.contains("ALTER TABLE base.advise_zstd_16k"),
                "under the CPU goal the LZ4 and Zstd tables stay as they are:\n" + out);
        for (String table : new String[] {"advise_lz4_16k", "advise_zstd_16k"}) {
            Matcher cpu = Pattern.compile("\n  least CPU at today's size: ([^\n]*)").matcher(
                    out.substring(out.indexOf("Table base." + table)));
            assertTrue(cpu.find(), out);
            assertTrue(cpu.group(1).startsWith("keep ") || cpu.group(1).contains(" CPU s/GB ("),
                    table + ": keep, or the CPU beside the size: " + cpu.group(1));
        }
        System.out.println("[advise " + label + "] whole node: " + out.substring(out.indexOf("Node: ")).split("\n\n")[0]);
    }

    /** What the report says of one table; parsed from --json's one line with patterns, the it module has no JSON library. */
    static final class Table {
        String compressor;
        long dataBytes;
        long chunks;
        long sampledChunks;
        long storedBytes;
        final Map<String, Long> predicted = new LinkedHashMap<>();
    }

    private static final Pattern TABLE = Pattern.compile("\"table\":\"([^\"]+)\",\"compressor\":\"([^\"]+)\".*?"
            + "\"chunkLengths\":\\[([0-9,]*)\\],\"sstables\":\\d+,\"dataBytes\":(\\d+),\"uncompressedBytes\":\\d+,"
            + "\"chunks\":(\\d+),\"sampled\":true,\"notSampled\":null,\"sample\":\\{\"chunks\":(\\d+),\"sstables\":\\d+,"
            + "\"uncompressedBytes\":\\d+,\"storedBytes\":(\\d+)");
    private static final Pattern ENGINE = Pattern.compile("\"label\":\"([^\"]+)\",\"engine\":\"[^\"]+\",\"level\":-?\\d+,"
            + "\"measured\":true,\"notMeasured\":null,\"roundTrip\":(true|false),\"roundTripFailure\":(null|\"[^\"]*\"),"
            + "\"sampleBytes\":\\d+,\"predictedDataBytes\":(\\d+)");

    static Map<String, Table> tables(String output) {
        String json = null;
        for (String line : output.split("\n")) {
            if (line.startsWith("{\"tool\":\"deflate-accel advise\"")) {
                json = line;
            }
        }
        assertTrue(json != null, "no JSON report in:\n" + output);
        Map<String, Table> tables = new TreeMap<>();
        String[] parts = json.split("\\{\"folder\":");
        for (int i = 1; i < parts.length; i++) {
            Matcher m = TABLE.matcher(parts[i]);
            assertTrue(m.find(), "a table not sampled, or not as expected:\n" + parts[i]);
            Table t = new Table();
            t.compressor = m.group(2) + " [" + m.group(3) + "]";
            t.dataBytes = Long.parseLong(m.group(4));
            t.chunks = Long.parseLong(m.group(5));
            t.sampledChunks = Long.parseLong(m.group(6));
            t.storedBytes = Long.parseLong(m.group(7));
            Matcher e = ENGINE.matcher(parts[i]);
            while (e.find()) {
                assertEquals("true", e.group(2), m.group(1) + " " + e.group(1) + ": round trip failed: " + e.group(3));
                t.predicted.put(e.group(1), Long.parseLong(e.group(4)));
            }
            tables.put(m.group(1), t);
        }
        return tables;
    }
}
