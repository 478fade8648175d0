package dev.deflateaccel.lab.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ScalingVerdictTest {
    private static Map<Integer, Double> medians(double... byThreadCount) {
        int[] threads = {1, 2, 4, 16, 64};
        Map<Integer, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < byThreadCount.length; i++) {
            m.put(threads[i], byThreadCount[i]);
        }
        return m;
    }

    @Test
    void holdsWhenTheMostThreadsKeepNinetyPercentOfTheBest() {
        ScalingVerdict v = new ScalingVerdict(medians(100, 190, 200, 195, 180));
        assertEquals(4, v.bestThreads);
        assertEquals(64, v.mostThreads);
        assertEquals(0.9, v.ratio(), 1e-12);
        assertTrue(v.holds());
        assertTrue(v.describe().startsWith("holds"), v.describe());
    }

    @Test
    void collapsesBelowNinetyPercent() {
        ScalingVerdict v = new ScalingVerdict(medians(100, 190, 200, 150, 179));
        assertFalse(v.holds());
        assertTrue(v.describe().contains("COLLAPSES"), v.describe());
    }

    @Test
    void theLargestThreadCountIsComparedWhateverTheInsertionOrder() {
        Map<Integer, Double> m = new LinkedHashMap<>();
        m.put(64, 50.0);
        m.put(1, 100.0);
        m.put(16, 90.0);
        ScalingVerdict v = new ScalingVerdict(m);
        assertEquals(64, v.mostThreads);
        assertEquals(0.5, v.ratio(), 1e-12);
    }

    @Test
    void needsAtLeastOnePoint() {
        assertThrows(IllegalArgumentException.class, () -> new ScalingVerdict(Map.of()));
    }
}
