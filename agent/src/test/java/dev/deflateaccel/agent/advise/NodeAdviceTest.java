package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/** The node's one answer from tables with given measurements: no timing, no files. */
class NodeAdviceTest {
    private static final List<Candidate> CANDIDATES = Candidate.all(1);
    private static final Candidate ZLIB_6 = CANDIDATES.get(0);
    private static final Candidate LIBDEFLATE_6 = CANDIDATES.get(3);
    private static final Candidate IGZIP_0 = CANDIDATES.get(5);
    private static final Candidate IGZIP_1 = CANDIDATES.get(6);
    private static final Candidate LIBDEFLATE_9 = CANDIDATES.get(4);

    /** A measured row: sample bytes (the current row's are 1000), and CPU s/GB per direction. */
    private static Measurement m(Candidate c, long sampleBytes, double decompressSecondsPerGB,
            double compressSecondsPerGB) {
        return new Measurement(c, c == null ? "current" : c.label(), null, null, sampleBytes,
                Rates.of(Collections.singletonList(1000 / compressSecondsPerGB)),
                Rates.of(Collections.singletonList(1000 / decompressSecondsPerGB)), 0);
    }

    /** A table of one SSTable: {@code dataBytes} in Data.db, 3x that uncompressed, chunks of 16 KiB. */
    private static TableAdvice table(String name, String compressor, int maxCompressedLength, long dataBytes,
            Measurement current, Measurement... engines) {
        Path folder = Paths.get("/data/ks/" + name + "-0123456789abcdef0123456789abcdef");
        SSTable s = SSTable.ofDataFile(folder.resolve("nb-1-big-Data.db"));
        CompressionInfo info = new CompressionInfo(compressor, new TreeMap<String, String>(), 16384,
                maxCompressedLength, dataBytes * 3, new long[] {0}, dataBytes);
        SSTableGroup g = SSTableGroup.of(folder, Collections.singletonList(new CompressedSSTable(s, info))).get(0);
        return new TableAdvice(g, compressor, null, 100, 100, 1, 1 << 20, false, current, Arrays.asList(engines),
                CostModel.COMPACTION);
    }

    private static TableAdvice deflate(String name, long dataBytes, Measurement... engines) {
        return table(name, "DeflateCompressor", Integer.MAX_VALUE, dataBytes, m(null, 1000, 3, 20), engines);
    }

    /** Two Deflate tables whose own answers differ, and an LZ4 table: one engine for the node, nothing altered. */
    @Test
    void multiTableNodeGivesOneConfigBlock() {
        TableAdvice a = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8),
                m(IGZIP_1, 1100, 1, 2));
        TableAdvice b = deflate("b", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8),
                m(IGZIP_1, 1005, 1, 2));
        TableAdvice lz4 = table("c", "LZ4Compressor", Integer.MAX_VALUE, 150_000_000, m(null, 1000, 0.3, 1.5),
                m(ZLIB_6, 650, 3, 20), m(LIBDEFLATE_6, 652, 1.2, 8), m(IGZIP_1, 780, 1, 2));
        assertEquals("libdeflate 6", a.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals("igzip 1", b.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertTrue(lz4.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).keep());

        NodeAdvice node = new NodeAdvice(Arrays.asList(a, b, lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        // igzip 1 would make table a 10% larger, past its own bound; libdeflate 6 it is.
        assertEquals("libdeflate 6", node.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals("the agent with libdeflate 6 for every Deflate table", node.configSummary);
        assertEquals(1, count(node.configLines, "_compression_level = "), node.configLines.toString());
        assertTrue(node.configLines.contains("libdeflate_compression_level = 6"), node.configLines.toString());
        assertTrue(node.configLines.contains("use_libdeflate_compress = 1"), node.configLines.toString());
        assertTrue(node.configLines.contains("use_igzip_compress = 0"), node.configLines.toString());
        assertEquals(Collections.emptyList(), node.alterTables, "the LZ4 table is kept");
    }

    /**
     * The rows a codec CPU prediction scales from are the Deflate tables' alone (the agent serves
     * DeflateCompressor only): an LZ4 table's much faster current codec must not lower them.
     */
    @Test
    void theDeflateTablesRowsLeaveTheOtherTablesOut() {
        TableAdvice a = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8));
        TableAdvice b = deflate("b", 300_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.8, 12));
        TableAdvice lz4 = table("c", "LZ4Compressor", Integer.MAX_VALUE, 150_000_000, m(null, 1000, 0.3, 1.5),
                m(ZLIB_6, 650, 3, 20), m(LIBDEFLATE_6, 652, 1.2, 8));
        NodeAdvice node = new NodeAdvice(Arrays.asList(a, b, lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        GoalDecision d = node.deflateTables();
        assertEquals(Arrays.asList("DeflateCompressor", "zlib 6", "libdeflate 6"), labels(d.rows()));
        assertEquals(3.0, d.current().decompressSecondsPerGB, 1e-6);
        assertEquals(20.0, d.current().compressSecondsPerGB, 1e-6);
        // Weighed by size, as the node's rows: b is three times a.
        assertEquals((1.2 + 3 * 1.8) / 4, d.rows().get(2).decompressSecondsPerGB, 1e-6);
        assertEquals((8 + 3 * 12.0) / 4, d.rows().get(2).compressSecondsPerGB, 1e-6);
        assertEquals(null, new NodeAdvice(Collections.singletonList(lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION).deflateTables(), "no Deflate table: nothing to scale from");
    }

    private static List<String> labels(List<Alternative> rows) {
        List<String> l = new ArrayList<>();
        for (Alternative r : rows) {
            l.add(r.label);
        }
        return l;
    }

    /** A large table kept as it is does not let a Deflate table grow past its own bound in the node's sum. */
    @Test
    void keptTablesDoNotHideOneThatGrows() {
        TableAdvice small = deflate("a", 10_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8),
                m(IGZIP_1, 1030, 1, 2));
        TableAdvice lz4 = table("c", "LZ4Compressor", Integer.MAX_VALUE, 990_000_000, m(null, 1000, 0.3, 1.5),
                m(ZLIB_6, 650, 3, 20), m(LIBDEFLATE_6, 652, 1.2, 8), m(IGZIP_1, 780, 1, 2));
        NodeAdvice node = new NodeAdvice(Arrays.asList(small, lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        // igzip 1 adds 0.03% to the node's bytes, but 3% to table a: not "at today's size".
        assertEquals("libdeflate 6", node.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        // The size goal has no size bound: there igzip 1 is a node row, the cheapest.
        assertEquals("igzip 1", labelOfCheapest(node));
    }

    private static String labelOfCheapest(NodeAdvice node) {
        Alternative cheapest = null;
        for (Alternative a : node.decisions.get(Goal.SMALLEST_AT_TODAYS_CPU).rows()) {
            if (cheapest == null || a.cost(node.model) < cheapest.cost(node.model)) {
                cheapest = a;
            }
        }
        return cheapest.label;
    }

    /** A table's weight (here the operator's) moves the node's answer: CPU is the weighted mean. */
    @Test
    void weightsDecideBetweenTables() {
        TableAdvice a = deflate("a", 100_000_000, m(LIBDEFLATE_6, 1000, 1.2, 8), m(IGZIP_1, 1000, 2, 10));
        TableAdvice b = deflate("b", 100_000_000, m(LIBDEFLATE_6, 1000, 1.2, 8), m(IGZIP_1, 1000, 1, 2));
        List<TableAdvice> tables = Arrays.asList(a, b);
        assertEquals("igzip 1", new NodeAdvice(tables, null, Goal.LEAST_CPU_AT_TODAYS_SIZE, CostModel.COMPACTION)
                .answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label, "equal sizes: (12 + 3) / 2 < 9.2");
        TableWeights heavyA = TableWeights.weights("--weights w", Arrays.asList("ks.a 10", "ks.b 1"));
        NodeAdvice weighted = new NodeAdvice(tables, heavyA, Goal.LEAST_CPU_AT_TODAYS_SIZE, CostModel.COMPACTION);
        assertEquals("libdeflate 6", weighted.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals(10.0 / 11, weighted.share(a), 1e-9);
        TableWeights onlyA = TableWeights.weights("--weights w", Collections.singletonList("ks.a 1"));
        NodeAdvice partial = new NodeAdvice(tables, onlyA, Goal.LEAST_CPU_AT_TODAYS_SIZE, CostModel.COMPACTION);
        assertEquals(Arrays.asList("not in --weights w, so weighed 0 in the node's CPU: ks.b",
                NodeAdvice.READS_DURING_COMPACTION, "the Deflate tables' own best rows for this goal differ from the"
                + " block's (ks.b: igzip 1): one config serves every Deflate table, and the block chose libdeflate 6,"
                + " the best for the node as a whole"), partial.notes);
    }

    /** A goal that moves an LZ4 table to Deflate: its ALTER TABLE keeps its chunk length and min_compress_ratio. */
    @Test
    void alterTableKeepsTheTablesOptions() {
        // min_compress_ratio 1.1 on 16 KiB chunks: Cassandra records ceil(16384 / 1.1) = 14895.
        TableAdvice lz4 = table("events", "LZ4Compressor", 14895, 150_000_000, m(null, 1000, 0.3, 1.5),
                m(ZLIB_6, 650, 3, 20), m(LIBDEFLATE_6, 652, 1.2, 8));
        TableAdvice d = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8));
        NodeAdvice keep = new NodeAdvice(Arrays.asList(lz4, d), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        assertEquals(Collections.emptyList(), keep.alterTables);
        NodeAdvice zlib = new NodeAdvice(Arrays.asList(lz4, d), null, Goal.LEAST_CPU_AT_ZLIB6_SIZE, CostModel.COMPACTION);
        assertEquals("libdeflate 6", zlib.answers.get(Goal.LEAST_CPU_AT_ZLIB6_SIZE).pick.label);
        assertEquals(Collections.singletonList("ALTER TABLE ks.events WITH compression = {'class': 'DeflateCompressor',"
                + " 'chunk_length_in_kb': '16', 'min_compress_ratio': '1.1'};"), zlib.alterTables);
    }

    /** Nothing beats what the node has: "keep", no config lines, no ALTER. */
    @Test
    void keepIsSaidPlainly() {
        TableAdvice lz4 = table("c", "LZ4Compressor", Integer.MAX_VALUE, 150_000_000, m(null, 1000, 0.3, 1.5),
                m(ZLIB_6, 650, 3, 20), m(LIBDEFLATE_6, 652, 1.2, 8));
        NodeAdvice node = new NodeAdvice(Collections.singletonList(lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        assertTrue(node.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).keep());
        assertEquals("keep what the node has: no change to the agent's config and no ALTER TABLE", node.configSummary);
        assertEquals("least CPU at today's size: keep every table as it is", node.answers.get(
                Goal.LEAST_CPU_AT_TODAYS_SIZE).line(node.decisions.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).current(), node.model));
        assertEquals(Collections.emptyList(), node.configLines);
    }

    /**
     * The issue 56 case: an LZ4 table whose own best row (igzip 0) is cheaper than it, beside a
     * Deflate table for which only libdeflate 6 is at today's size. The block serves libdeflate 6,
     * which would cost the LZ4 table more than LZ4 does: it stays on LZ4, and no ALTER TABLE.
     */
    @Test
    void aTableIsNeverMovedToARowThatCostsItMoreCpuUnderTheCpuGoal() {
        TableAdvice d = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8),
                m(IGZIP_0, 1150, 0.9, 1.5));
        TableAdvice lz4 = table("c", "LZ4Compressor", Integer.MAX_VALUE, 100_000_000, m(null, 1000, 1.96, 5.94),
                m(ZLIB_6, 820, 3, 20), m(LIBDEFLATE_6, 812, 1.2, 8), m(IGZIP_0, 839, 0.9, 1.5));
        assertEquals("igzip 0", lz4.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label, "its own best row");
        NodeAdvice node = new NodeAdvice(Arrays.asList(d, lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        GoalAnswer answer = node.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE);
        assertEquals("libdeflate 6", answer.pick.label);
        assertEquals(Collections.emptyList(), node.alterTables);
        // The node's libdeflate 6 row holds the LZ4 table as it is: (9.2 + 7.9) / 2 s/GB, its bytes unchanged.
        assertEquals((1.2 + 8 + 1.96 + 5.94) / 2, answer.pick.cost(CostModel.COMPACTION), 1e-9);
        assertEquals(100_000_000 * 1.002 + 100_000_000, answer.pick.bytes, 1);
        assertTrue(!NodeAdvice.movesAt(lz4, lz4.alternative("libdeflate 6"), Goal.LEAST_CPU_AT_TODAYS_SIZE));
        assertTrue(NodeAdvice.movesAt(lz4, lz4.alternative("igzip 0"), Goal.LEAST_CPU_AT_TODAYS_SIZE));
        // On every row of every CPU goal, no table costs more than it does today.
        for (Goal g : Arrays.asList(Goal.LEAST_CPU_AT_TODAYS_SIZE, Goal.LEAST_CPU_AT_ZLIB6_SIZE)) {
            for (Alternative row : node.decisions.get(g).rows()) {
                for (TableAdvice t : Arrays.asList(d, lz4)) {
                    Alternative moved = row.current ? null : t.alternative(row.label);
                    boolean onIt = moved != null && (t.isDeflate() || NodeAdvice.movesAt(t, moved, g));
                    Alternative onRow = onIt ? moved : t.currentAlternative();
                    if (g == Goal.LEAST_CPU_AT_TODAYS_SIZE || t.isDeflate()) {
                        assertTrue(onRow.cost(CostModel.COMPACTION) <= t.currentAlternative().cost(CostModel.COMPACTION),
                                g + ", row " + row.label + ": " + t.group.name() + " costs more");
                    }
                }
            }
        }
    }

    /** Where the block's row is cheaper for the LZ4 table too, beyond the spread and at its size, it moves. */
    @Test
    void aTableMovesWhereTheBlocksRowMeetsTheGoalOnItsOwnRows() {
        TableAdvice d = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(IGZIP_1, 1005, 1, 2));
        TableAdvice lz4 = table("events", "LZ4Compressor", Integer.MAX_VALUE, 100_000_000, m(null, 1000, 1.96, 5.94),
                m(ZLIB_6, 820, 3, 20), m(IGZIP_1, 900, 1, 2));
        NodeAdvice node = new NodeAdvice(Arrays.asList(d, lz4), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        assertEquals("igzip 1", node.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals(Collections.singletonList("ALTER TABLE ks.events WITH compression = {'class': 'DeflateCompressor',"
                + " 'chunk_length_in_kb': '16'};"), node.alterTables);
    }

    /** A table whose compressor was not timed as the node runs it (lz4-java's Java code) is never moved. */
    @Test
    void aTableNotTimedAsTheNodeRunsItIsNeverMoved() {
        Path folder = Paths.get("/data/ks/events-0123456789abcdef0123456789abcdef");
        CompressionInfo info = new CompressionInfo("LZ4Compressor", new TreeMap<String, String>(), 16384,
                Integer.MAX_VALUE, 300_000_000L, new long[] {0}, 100_000_000L);
        SSTableGroup g = SSTableGroup.of(folder, Collections.singletonList(new CompressedSSTable(
                SSTable.ofDataFile(folder.resolve("nb-1-big-Data.db")), info))).get(0);
        TableAdvice lz4 = new TableAdvice(g, "LZ4Compressor", "its Java code was measured", null, 100, 100, 1, 1 << 20,
                false, m(null, 1000, 1.96, 5.94), Arrays.asList(m(ZLIB_6, 820, 3, 20), m(IGZIP_1, 900, 1, 2)),
                CostModel.COMPACTION);
        for (Goal goal : Goal.values()) {
            assertEquals(null, lz4.answers.get(goal).pick, goal.key);
            assertEquals("its Java code was measured", lz4.answers.get(goal).none);
        }
        TableAdvice d = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(IGZIP_1, 1005, 1, 2));
        for (Goal goal : Goal.values()) {
            NodeAdvice node = new NodeAdvice(Arrays.asList(d, lz4), null, goal, CostModel.COMPACTION);
            assertEquals(Collections.emptyList(), node.alterTables, goal.key);
        }
    }

    /**
     * The size goal: libdeflate 9 makes the Deflate table smaller at a CPU within its spread of
     * today's but above it at the median. The table's own answer may take it; the node's never
     * lets its CPU rise, so the node keeps.
     */
    @Test
    void theNodesCpuNeverRisesUnderTheSizeGoal() {
        Measurement wide9 = new Measurement(LIBDEFLATE_9, LIBDEFLATE_9.label(), null, null, 950,
                Rates.of(Arrays.asList(1000 / 26.0, 1000 / 22.0, 1000 / 21.0)),
                Rates.of(Arrays.asList(1000 / 3.3, 1000 / 3.1, 1000 / 2.9)), 0);
        Measurement wideCurrent = new Measurement(null, "current", null, null, 1000,
                Rates.of(Arrays.asList(1000 / 22.0, 1000 / 20.0, 1000 / 18.0)),
                Rates.of(Arrays.asList(1000 / 3.2, 1000 / 3.0, 1000 / 2.8)), 0);
        TableAdvice d = table("a", "DeflateCompressor", Integer.MAX_VALUE, 100_000_000, wideCurrent,
                m(ZLIB_6, 1000, 3, 20), wide9);
        assertEquals("libdeflate 9", d.answers.get(Goal.SMALLEST_AT_TODAYS_CPU).pick.label,
                "within the spread, the table's own answer");
        NodeAdvice node = new NodeAdvice(Collections.singletonList(d), null, Goal.SMALLEST_AT_TODAYS_CPU,
                CostModel.COMPACTION);
        GoalDecision decision = node.decisions.get(Goal.SMALLEST_AT_TODAYS_CPU);
        for (Alternative row : decision.rows()) {
            assertTrue(row.cost(node.model) <= decision.current().cost(node.model), row.label + " costs the node more");
        }
        assertTrue(node.answers.get(Goal.SMALLEST_AT_TODAYS_CPU).keep());
        assertEquals(Collections.emptyList(), node.configLines);
    }

    /** Two Deflate tables whose best levels differ: the report names each one's and the block's. */
    @Test
    void aLevelMismatchIsNamed() {
        TableAdvice a = deflate("a", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8),
                m(IGZIP_1, 1100, 1, 2));
        TableAdvice b = deflate("b", 100_000_000, m(ZLIB_6, 1000, 3, 20), m(LIBDEFLATE_6, 1002, 1.2, 8),
                m(IGZIP_1, 1005, 1, 2));
        NodeAdvice node = new NodeAdvice(Arrays.asList(a, b), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        assertEquals("libdeflate 6", node.answers.get(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertTrue(node.notes.contains("the Deflate tables' own best rows for this goal differ from the block's"
                + " (ks.b: igzip 1): one config serves every Deflate table, and the block chose libdeflate 6, the best"
                + " for the node as a whole"), node.notes.toString());
        NodeAdvice same = new NodeAdvice(Collections.singletonList(a), null, Goal.LEAST_CPU_AT_TODAYS_SIZE,
                CostModel.COMPACTION);
        for (String n : same.notes) {
            assertTrue(!n.contains("own best rows"), n);
        }
    }

    private static int count(List<String> lines, String part) {
        List<String> l = new ArrayList<>();
        for (String s : lines) {
            if (s.contains(part)) {
                l.add(s);
            }
        }
        return l.size();
    }
}
