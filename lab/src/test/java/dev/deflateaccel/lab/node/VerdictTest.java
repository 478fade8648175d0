package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.lab.node.Verdict.Finding;
import dev.deflateaccel.lab.node.Verdict.Kind;
import dev.deflateaccel.lab.node.Verdict.Round;

class VerdictTest {

    /**
     * A-B, B-A, then A-B again with each side halfway between its first two runs, so that each
     * side's median and spread are those of its first two runs.
     */
    private static List<Round> abba(double agent1, double stock1, double stock2, double agent2) {
        return List.of(new Round(agent1, stock1, true), new Round(agent2, stock2, false),
                new Round((agent1 + agent2) / 2, (stock1 + stock2) / 2, true));
    }

    @Test
    void twoRoundsAreNeverReal() {
        List<Round> three = abba(2.0, 4.0, 3.8, 2.1);
        assertTrue(Verdict.judge("compaction", Kind.TIME, three).real);
        Finding two = Verdict.judge("compaction", Kind.TIME, three.subList(0, 2));
        assertFalse(two.real);
        assertTrue(two.why.contains("at least 3"), two.why);
    }

    @Test
    void bothOrdersAgreeAndDifferenceExceedsSpreadIsReal() {
        Finding f = Verdict.judge("compaction", Kind.TIME, abba(2.0, 4.0, 3.8, 2.1));
        assertTrue(f.real, f.why);
        assertEquals(4.1 / 7.8, f.ratio.median, 1e-9); // the third round's ratio lies between the first two
        assertEquals("compaction 1.9× faster (1.8-2.0 across runs)", f.phrase());
    }

    @Test
    void ordersDisagreeingOnDirectionIsNoise() {
        // The agent looks faster when it runs second and slower when it runs first: an order effect.
        Finding f = Verdict.judge("compaction", Kind.TIME, abba(4.2, 4.0, 4.4, 4.1));
        assertFalse(f.real);
        assertTrue(f.why.contains("disagree"), f.why);
        assertEquals("compaction within noise", f.phrase());
    }

    @Test
    void sameDirectionButInsideOneSidesSpreadIsNoise() {
        // The agent is lower in both rounds, but its own two runs differ by 20 and the medians only by 17.5.
        Finding f = Verdict.judge("CPU per op", Kind.RATIO, abba(90, 100, 95, 70));
        assertTrue(f.ratio.max < 1, "both rounds favour the agent");
        assertFalse(f.real, f.why);
        assertTrue(f.why.contains("spread"), f.why);
    }

    @Test
    void differenceJustAboveTheSpreadIsReal() {
        Finding f = Verdict.judge("CPU per op", Kind.RATIO, abba(80, 100, 98, 81));
        // medians 80.5 vs 99, spreads 1 and 2: real, agent/stock about 0.81.
        assertTrue(f.real, f.why);
        assertEquals("CPU per op 0.81× (0.80-0.83 across runs)", f.phrase());
    }

    @Test
    void oneOrderOnlyIsNeverReal() {
        Finding f = Verdict.judge("load", Kind.RATIO, List.of(new Round(2, 1, true), new Round(2.1, 1, true)));
        assertFalse(f.real);
        assertTrue(f.why.contains("both orders"), f.why);
    }

    @Test
    void slowerIsSaidAsSlower() {
        Finding f = Verdict.judge("compaction", Kind.TIME, abba(6.0, 3.0, 3.1, 6.2));
        assertTrue(f.real, f.why);
        assertTrue(f.phrase().startsWith("compaction 2.0× slower"), f.phrase());
    }

    @Test
    void sizeWithinOnePercentIsSameSize() {
        Finding f = Verdict.judge("size", Kind.SIZE, abba(10.03, 10.0, 10.0, 10.03));
        assertTrue(f.real, "identical runs: any difference exceeds a zero spread");
        assertEquals("same size", f.phrase());
        Finding bigger = Verdict.judge("size", Kind.SIZE, abba(10.8, 10.0, 10.0, 10.8));
        assertEquals("size 1.08× (1.08-1.08 across runs)", bigger.phrase());
    }

    @Test
    void lineJoinsPhrases() {
        String line = Verdict.line(List.of(
                Verdict.judge("compaction", Kind.TIME, abba(2.0, 4.0, 3.8, 2.1)),
                Verdict.judge("CPU per op", Kind.RATIO, abba(90, 100, 95, 70)),
                Verdict.judge("size", Kind.SIZE, abba(10, 10, 10, 10))));
        assertEquals("compaction 1.9× faster (1.8-2.0 across runs), CPU per op within noise, same size", line);
    }
}
