package dev.deflateaccel.lab.efficiency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.lab.tools.Spread;

class EfficiencyVerdictTest {
    /** Repetitions with C at 100 MB/s and the agent at the given MB/s. */
    private static List<RepetitionSample> agentAt(double... agentMbps) {
        List<RepetitionSample> samples = new ArrayList<>();
        for (int i = 0; i < agentMbps.length; i++) {
            samples.add(new RepetitionSample(i + 1, Spread.of(100, 100, 100), Spread.of(agentMbps[i])));
        }
        return samples;
    }

    @Test
    void ratioIsTakenPerRepetitionThenItsMedian() {
        List<RepetitionSample> samples = new ArrayList<>();
        // C drifts from 100 to 50 MB/s; the agent keeps 96% of it in every repetition.
        for (int rep = 1; rep <= 5; rep++) {
            double c = 110 - 10 * rep;
            samples.add(new RepetitionSample(rep, Spread.of(c), Spread.of(0.96 * c)));
        }
        EfficiencyVerdict v = new EfficiencyVerdict(samples);
        assertEquals(0.96, v.ratio.median, 1e-12);
        assertEquals(0.96, v.ratio.min, 1e-12);
        assertEquals(0.96, v.ratio.max, 1e-12);
        assertTrue(v.meetsTarget());
    }

    @Test
    void medianDecidesNotTheWorstRepetition() {
        EfficiencyVerdict v = new EfficiencyVerdict(agentAt(96, 97, 60, 95, 99));
        assertEquals(0.96, v.ratio.median, 1e-12);
        assertEquals(0.60, v.ratio.min, 1e-12);
        assertTrue(v.conclusive());
        assertTrue(v.meetsTarget());
        assertEquals("meets ≥ 0.95", v.describe());
    }

    @Test
    void belowTargetMisses() {
        EfficiencyVerdict v = new EfficiencyVerdict(agentAt(80, 85, 94, 90, 99));
        assertFalse(v.meetsTarget());
        assertTrue(v.describe().contains("misses"), v.describe());
    }

    @Test
    void fewerThanFiveRepetitionsGiveNoVerdict() {
        EfficiencyVerdict v = new EfficiencyVerdict(agentAt(99, 99, 99, 99));
        assertFalse(v.conclusive());
        assertTrue(v.describe().startsWith("no verdict"), v.describe());
        assertThrows(IllegalArgumentException.class, () -> new EfficiencyVerdict(List.of()));
    }
}
