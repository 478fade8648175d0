package dev.deflateaccel.bench.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class SpreadTest {
    @Test
    void oddCountTakesTheMiddleSample() {
        Spread s = Spread.of(5, 1, 9, 3, 7);
        assertEquals(5, s.median);
        assertEquals(1, s.min);
        assertEquals(9, s.max);
        assertEquals(5, s.count);
    }

    @Test
    void evenCountAveragesTheTwoMiddleSamplesAsNativeRefDoes() {
        assertEquals(2.5, Spread.of(4, 1, 2, 3).median);
        assertEquals(2.5, Spread.of(List.of(4.0, 1.0, 2.0, 3.0)).median);
    }

    @Test
    void oneOutlierDoesNotMoveTheMedian() {
        Spread s = Spread.of(50, 51, 49, 5, 50);
        assertEquals(50, s.median);
        assertEquals(5, s.min);
        assertEquals((51 - 5) / 50.0, s.relativeWidth(), 1e-12);
    }

    @Test
    void leavesTheCallersArrayUnsorted() {
        double[] samples = {3, 1, 2};
        Spread.of(samples);
        assertEquals(3, samples[0]);
    }

    @Test
    void formatsMbpsAndRatios() {
        assertEquals("48.9 (45.1–150)", Spread.of(45.1, 48.9, 150).mbps());
        assertEquals("0.93 (0.88–0.97)", Spread.of(0.88, 0.93, 0.97).ratio());
    }

    @Test
    void refusesNoSamples() {
        assertThrows(IllegalArgumentException.class, () -> Spread.of(new double[0]));
    }
}
