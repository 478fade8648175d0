package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void medianAndRangeLeaveMissingValuesOut() {
        Spread s = Spread.of(List.of(3.0, Double.NaN, 1.0, 2.0));
        assertEquals(2.0, s.median);
        assertEquals(1.0, s.min);
        assertEquals(3.0, s.max);
        assertEquals(3, s.count);
        assertEquals("2.00 (1.00-3.00)", s.format("%.2f"));
        assertEquals("n/a", Spread.of(Double.NaN).format("%.2f"));
    }

    @Test
    void overlapIncludesTouchingRanges() {
        assertTrue(Spread.of(1, 3).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(1, 2.9).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(6, 7).overlaps(Spread.of(3, 5)));
    }
}
