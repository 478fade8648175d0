package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The side-by-side's verdict per engine against stock, on given numbers. */
class SideBySideReportTest {

    private static final List<SteadyConfig> CONFIGS = SteadyConfig.parse("cassandra,libdeflate,igzip");

    /** One phase: codec and node CPU over a 100 MB compaction, and the mixed load's. */
    private static SideBySideResult phase(double codecSeconds, double nodeSeconds, double compactionSeconds,
                                          double mixedCodecSeconds) {
        SideBySideResult r = new SideBySideResult();
        r.compactedBytes = 100_000_000L;
        r.compactedDiskBytes = 40_000_000L;
        r.compactionCodecCpuSeconds = codecSeconds;
        r.compactionNodeCpuSeconds = nodeSeconds;
        r.compactionSeconds = compactionSeconds;
        r.mixedOperations = 100_000;
        r.mixedCodecCpuSeconds = mixedCodecSeconds;
        r.mixedNodeCpuSeconds = 20;
        return r;
    }

    /** The order RotatedRuns gives three configurations: stock first in rounds 1, last in 2, second in 3. */
    private static boolean ranBeforeStock(SteadyConfig engine, int round) {
        RotatedRuns rotation = new RotatedRuns(CONFIGS, 3, null, "test");
        return rotation.order(round).indexOf(engine) < rotation.order(round).indexOf(CONFIGS.get(0));
    }

    @Test
    void aCodecCpuFarBelowStocksInEveryRoundAndBothOrdersIsReal() {
        Map<SteadyConfig, List<SideBySideResult>> results = new LinkedHashMap<>();
        results.put(CONFIGS.get(0), List.of(phase(8.0, 11, 10.5, 2.0), phase(8.4, 11.5, 11.2, 2.1),
                phase(7.9, 10.8, 10.1, 1.9)));
        results.put(CONFIGS.get(1), List.of(phase(2.6, 5.5, 4.1, 0.7), phase(2.7, 5.6, 4.3, 0.75),
                phase(2.5, 5.3, 4.0, 0.72)));
        // igzip: codec CPU lower, but the compaction time crosses stock's in one round
        results.put(CONFIGS.get(2), List.of(phase(2.0, 5.0, 9.0, 0.6), phase(2.1, 5.2, 12.0, 0.62),
                phase(2.0, 5.1, 10.5, 0.61)));

        String md = SideBySideReport.verdicts(results, SideBySideReportTest::ranBeforeStock);

        assertTrue(md.contains("- libdeflate, codec CPU per compacted MB: 0.32x (0.32x-0.33x), real"), md);
        assertTrue(md.contains("**Verdict, libdeflate:** codec CPU per compacted MB 0.32× (0.32-0.33 across runs),"
                + " compaction 2.6× faster"), md);
        assertTrue(md.contains("the codec's share of the node's CPU in the mixed load 3.6% (3.5%-3.8%) against"
                + " stock's 10.0% (9.5%-10.5%)"), md);
        assertTrue(md.contains("- igzip, codec CPU per compacted MB: 0.25x (0.25x-0.25x), real"), md);
        assertTrue(md.contains("- igzip, compaction: 1.04x (0.86x-1.07x), within noise (the two orders disagree on the"
                + " direction)"), md);
        assertTrue(md.contains("**Verdict, igzip:** codec CPU per compacted MB 0.25× (0.25-0.25 across runs), compaction"
                + " within noise"), md);
    }

    @Test
    void twoRoundsCallNothingReal() {
        Map<SteadyConfig, List<SideBySideResult>> results = new LinkedHashMap<>();
        results.put(CONFIGS.get(0), List.of(phase(8.0, 11, 10.5, 2.0), phase(8.4, 11.5, 11.2, 2.1)));
        results.put(CONFIGS.get(1), List.of(phase(2.6, 5.5, 4.1, 0.7), phase(2.7, 5.6, 4.3, 0.75)));

        String md = SideBySideReport.verdicts(results, SideBySideReportTest::ranBeforeStock);

        assertTrue(md.contains("codec CPU per compacted MB within noise"), md);
        assertTrue(md.contains("2 rounds: at least 3 are needed"), md);
    }
}
