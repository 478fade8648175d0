package dev.deflateaccel.lab.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScalingPointTest {
    @Test
    void throughputIsCallsTimesChunkBytesOverSecondsPerRound() {
        ScalingPoint p = new ScalingPoint(4, "compress", 16384);
        p.addRound(1000, 1.0, 1000, 0, 0);
        p.addRound(3000, 2.0, 3000, 0, 0);
        p.addRound(500, 1.0, 500, 0, 0);
        assertEquals(1000 * 16384 / 1e6, p.throughput().median, 1e-9);
        assertEquals(500 * 16384 / 1e6, p.throughput().min, 1e-9);
        assertEquals(1500 * 16384 / 1e6, p.throughput().max, 1e-9);
    }

    @Test
    void busyShareIsBusyFallbacksOverAllCallsOfAllRounds() {
        ScalingPoint p = new ScalingPoint(64, "compress", 16384);
        p.addRound(900, 1.0, 800, 100, 100);
        p.addRound(100, 1.0, 100, 0, 0);
        assertEquals(0.1, p.busyShare(), 1e-12);
        assertEquals(1.0, p.accountedShare(), 1e-12);
        assertTrue(p.counted());
        assertEquals(1000, p.calls());
    }

    @Test
    void callsTheAgentNeverSawShowAsLessThanFullyAccounted() {
        ScalingPoint p = new ScalingPoint(2, "decompress", 4096);
        p.addRound(100, 1.0, 90, 0, 0);
        assertEquals(0.9, p.accountedShare(), 1e-12);
    }

    @Test
    void stockRoundsHaveNoCounters() {
        ScalingPoint p = new ScalingPoint(1, "compress", 4096);
        p.addRound(100, 1.0, -1, -1, -1);
        assertFalse(p.counted());
    }
}
