package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The choice on synthetic measurements: no timing, the numbers are given. */
class GoalDecisionTest {
    private static Alternative current(String compressor, double bytes, double d, double c) {
        return new Alternative(compressor, true, compressor, bytes, 0, d, 0, c, 0);
    }

    private static Alternative row(String label, double bytes, double d, double c) {
        return row(label, bytes, d, 0, c, 0);
    }

    private static Alternative row(String label, double bytes, double d, double ds, double c, double cs) {
        return new Alternative(label, false, label.split(" ")[0], bytes, 0, d, ds, c, cs);
    }

    private static GoalDecision decision(Alternative... rows) {
        Alternative zlib6 = null;
        for (Alternative a : rows) {
            if (a.label.equals("zlib 6")) {
                zlib6 = a;
            }
        }
        return new GoalDecision(Arrays.asList(rows), zlib6, CostModel.COMPACTION);
    }

    /** LZ4 today; every Deflate row is smaller but costs more CPU: keep, and zlib 6's size shows what it adds. */
    @Test
    void lz4WithDeflateCandidatesAtMoreCpuIsKept() {
        Alternative lz4 = current("LZ4Compressor", 100e6, 0.3, 1.5);
        GoalDecision d = decision(lz4, row("zlib 6", 65e6, 3, 20), row("libdeflate 6", 65.2e6, 1.2, 8),
                row("libdeflate 1", 72e6, 1.1, 4), row("igzip 1", 78e6, 1.0, 2.5));
        GoalAnswer cpu = d.answer(Goal.LEAST_CPU_AT_TODAYS_SIZE);
        assertTrue(cpu.keep(), cpu.line(lz4, d.model()));
        assertEquals("least CPU at today's size: keep LZ4Compressor", cpu.line(lz4, d.model()));
        assertTrue(d.answer(Goal.SMALLEST_AT_TODAYS_CPU).keep(), "nothing smaller at LZ4's CPU");
        GoalAnswer zlib = d.answer(Goal.LEAST_CPU_AT_ZLIB6_SIZE);
        assertEquals("libdeflate 6", zlib.pick.label);
        assertEquals("least CPU at zlib 6's size: libdeflate 6 (-34.8% size (-34.80 MB), +7.40 CPU s/GB (5.11x CPU))",
                zlib.line(lz4, d.model()));
    }

    /** Deflate today (stock zlib 6): the cheapest row within the size bound, not the cheapest of all. */
    @Test
    void deflateCurrentGetsTheCheapestWithinTheSizeBound() {
        Alternative deflate = current("DeflateCompressor", 100e6, 3, 20);
        GoalDecision d = decision(deflate, row("zlib 6", 100e6, 3, 20), row("libdeflate 1", 115e6, 1, 4),
                row("libdeflate 6", 100.4e6, 1.2, 8), row("libdeflate 9", 98e6, 1.2, 30), row("igzip 1", 120e6, 1, 2));
        assertEquals("libdeflate 6", d.answer(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals("libdeflate 6", d.answer(Goal.LEAST_CPU_AT_ZLIB6_SIZE).pick.label);
        // No row is smaller at no more CPU than today: libdeflate 9 is smaller but costs more.
        assertTrue(d.answer(Goal.SMALLEST_AT_TODAYS_CPU).keep());
        List<String> front = labels(d.frontier());
        // zlib 6 equals the current row (neither beats the other), libdeflate 1 is dominated by nothing.
        assertEquals(Arrays.asList("libdeflate 9", "DeflateCompressor", "zlib 6", "libdeflate 6", "libdeflate 1",
                "igzip 1"), front);
        GoalDecision withSlow = decision(deflate, row("libdeflate 6", 100.4e6, 1.2, 8), row("slow 1", 110e6, 2, 9));
        assertFalse(labels(withSlow.frontier()).contains("slow 1"), "larger and slower than libdeflate 6: dominated");
    }

    /** Smaller at no more CPU: a Deflate table where libdeflate 9 is both smaller and cheaper than stock. */
    @Test
    void smallestAtTodaysCpu() {
        Alternative deflate = current("DeflateCompressor", 100e6, 3, 20);
        GoalDecision d = decision(deflate, row("libdeflate 6", 100.4e6, 1.2, 8), row("libdeflate 9", 97e6, 1.2, 18));
        assertEquals("libdeflate 9", d.answer(Goal.SMALLEST_AT_TODAYS_CPU).pick.label);
    }

    /** Rows within each other's spread are a tie; the current compressor wins a tie. */
    @Test
    void aTieWithTheCurrentCompressorKeepsIt() {
        Alternative deflate = new Alternative("DeflateCompressor", true, "DeflateCompressor", 100e6, 0, 1.3, 0.1, 8.2,
                0.4);
        GoalDecision d = decision(deflate, row("libdeflate 6", 100e6, 1.2, 0.1, 8.0, 0.4));
        GoalAnswer a = d.answer(Goal.LEAST_CPU_AT_TODAYS_SIZE);
        assertTrue(a.keep());
        assertTrue(a.tie());
        assertTrue(a.line(deflate, d.model()).contains("a tie within the measured spread with libdeflate 6, broken by"
                + " the rule: the current compressor first"), a.line(deflate, d.model()));
        // The same rows with a tight spread: no tie, libdeflate 6 is cheaper.
        Alternative tight = current("DeflateCompressor", 100e6, 1.3, 8.2);
        assertEquals("libdeflate 6", decision(tight, row("libdeflate 6", 100e6, 1.2, 8.0)).answer(
                Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
    }

    /** Between two candidates in a tie: the smaller output, then the engine more hosts have. */
    @Test
    void aTieBetweenCandidatesFollowsTheStatedRule() {
        Alternative deflate = current("DeflateCompressor", 100e6, 3, 20);
        Alternative libdeflate = row("libdeflate 6", 100e6, 1.2, 0.2, 8.0, 0.5);
        Alternative igzipSmaller = row("igzip 3", 99.5e6, 1.1, 0.2, 7.8, 0.5);
        GoalAnswer smaller = decision(deflate, libdeflate, igzipSmaller).answer(Goal.LEAST_CPU_AT_TODAYS_SIZE);
        assertEquals("igzip 3", smaller.pick.label, "tied on CPU: the smaller output");
        assertEquals(2, smaller.tied.size());
        Alternative igzipSame = row("igzip 3", 100e6, 1.1, 0.2, 7.8, 0.5);
        GoalAnswer same = decision(deflate, igzipSame, libdeflate).answer(Goal.LEAST_CPU_AT_TODAYS_SIZE);
        assertEquals("libdeflate 6", same.pick.label, "tied on CPU and size: the engine more hosts have");
        Alternative igzipApart = row("igzip 3", 100e6, 1.1, 0.01, 6.0, 0.01);
        Alternative libdeflateTight = row("libdeflate 6", 100e6, 1.2, 0.01, 8.0, 0.01);
        assertEquals("igzip 3", decision(deflate, libdeflateTight, igzipApart).answer(Goal.LEAST_CPU_AT_TODAYS_SIZE)
                .pick.label, "outside each other's spread: the cheaper");
    }

    /** The size margin of a sample widens "at today's size". */
    @Test
    void sizeMarginWidensTheSizeBound() {
        Alternative deflate = current("DeflateCompressor", 100e6, 3, 20);
        Alternative plain = row("libdeflate 6", 101.5e6, 1.2, 8);
        assertTrue(decision(deflate, plain).answer(Goal.LEAST_CPU_AT_TODAYS_SIZE).keep(), "1.5% larger: not today's size");
        Alternative sampled = new Alternative("libdeflate 6", false, "libdeflate", 101.5e6, 0.01, 1.2, 0, 8, 0);
        assertEquals("libdeflate 6", decision(deflate, sampled).answer(Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
    }

    /** --read-write 3:1 weighs decompression three times: a row fast to read wins where compaction alone would not. */
    @Test
    void readWriteMixChangesTheCost() {
        Alternative deflate = current("DeflateCompressor", 100e6, 3, 20);
        Alternative fastWrite = row("igzip 3", 100e6, 2.9, 5);
        Alternative fastRead = row("libdeflate 6", 100e6, 1.0, 8);
        List<Alternative> rows = Arrays.asList(deflate, fastWrite, fastRead);
        assertEquals("igzip 3", new GoalDecision(rows, null, CostModel.COMPACTION).answer(
                Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals("libdeflate 6", new GoalDecision(rows, null, CostModel.parse("3:1")).answer(
                Goal.LEAST_CPU_AT_TODAYS_SIZE).pick.label);
        assertEquals(GoalAnswer.none(Goal.LEAST_CPU_AT_ZLIB6_SIZE, "x").pick,
                new GoalDecision(rows, null, CostModel.COMPACTION).answer(Goal.LEAST_CPU_AT_ZLIB6_SIZE).pick);
    }

    @Test
    void sizeMarginIsZeroForEveryChunkAndShrinksWithTheSample() {
        long[] current = new long[400];
        long[] row = new long[400];
        for (int i = 0; i < current.length; i++) {
            current[i] = 5000 + (i % 7) * 300;
            row[i] = 4000 + (i % 5) * 400;
        }
        assertEquals(0.0, SizeMargin.of(current, row, 400), 0.0);
        double small = SizeMargin.of(Arrays.copyOf(current, 20), Arrays.copyOf(row, 20), 100_000);
        double large = SizeMargin.of(current, row, 100_000);
        assertTrue(small > large && large > 0, small + " " + large);
    }

    private static List<String> labels(List<Alternative> rows) {
        List<String> l = new ArrayList<>();
        for (Alternative a : rows) {
            l.add(a.label);
        }
        return l;
    }
}
