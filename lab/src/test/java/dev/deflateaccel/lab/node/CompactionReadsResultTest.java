package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.EngineStats;

/** The reads-during-compaction run's derived figures and its clean rule. */
class CompactionReadsResultTest {

    @Test
    void compactionRateIsMegabytesReadPerSecondOfItsOwnTimeAndCpuIsPerSecondOfTheWindow() {
        CompactionReadsResult.Phase p = new CompactionReadsResult.Phase();
        p.bytesIn = 200_000_000;
        p.compactionSeconds = 40;
        p.compactionThreadSeconds = 36;
        p.windowSeconds = 45;
        assertEquals(5.0, p.megabytesPerSecond(), 1e-9);
        assertEquals(0.8, p.compactionCpuPerSecond(), 1e-9);
    }

    @Test
    void noCompactionLineMeansNoRateRatherThanInfinity() {
        CompactionReadsResult.Phase p = new CompactionReadsResult.Phase();
        assertTrue(Double.isNaN(p.megabytesPerSecond()));
        assertTrue(Double.isNaN(p.compactionCpuPerSecond()));
    }

    @Test
    void aWrongReadInAnyWindowOrAFailureMakesTheRunUnclean() {
        CompactionReadsResult r = new CompactionReadsResult();
        assertTrue(r.clean());
        r.throttled.quiet.wrong = 1;
        assertFalse(r.clean());
        r.throttled.quiet.wrong = 0;
        r.unthrottled.during.failures = 2;
        assertFalse(r.clean());
        r.unthrottled.during.failures = 0;
        r.engines = NodeEngineCheck.of("igzip", new EngineStats(Map.of()), NodeEngineCheck.Requires.BOTH, "");
        assertFalse(r.clean());
    }
}
