package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The node's live share scaled per direction by the engines' measured speeds, with its range. */
class SavingPredictionTest {
    private static Measurement row(String label, double compressMBs, double decompressMBs, double spread) {
        return new Measurement(null, label, null, null, 1000,
                Rates.of(Arrays.asList(compressMBs * (1 - spread), compressMBs, compressMBs * (1 + spread))),
                Rates.of(Arrays.asList(decompressMBs * (1 - spread), decompressMBs, decompressMBs * (1 + spread))), 0);
    }

    @Test
    void eachDirectionScalesByItsOwnSpeedRatio() {
        SavingPrediction.NodeShare node = new SavingPrediction.NodeShare(6.0, 4.0, 7.0, 3.0);
        Measurement stock = row("zlib 6 (stock)", 20, 200, 0);
        Measurement fast = row("libdeflate 6", 40, 400, 0); // twice as fast both ways: half the share
        Measurement faster = row("igzip 1", 200, 400, 0);   // compress 10x, decompress 2x
        List<SavingPrediction.Predicted> p = SavingPrediction.predict(node, stock, Arrays.asList(fast, faster));
        assertEquals(5.0, p.get(0).median, 1e-9);
        assertEquals(0.6 + 2.0, p.get(1).median, 1e-9);
        assertEquals(p.get(0).median, p.get(0).low, 1e-9);
        assertEquals(p.get(0).median, p.get(0).high, 1e-9);
        List<String> lines = SavingPrediction.lines(node, p);
        assertEquals(Collections.singletonList("compression is 10.0% of this node's CPU (compaction 7.0%, reads 3.0%);"
                + " with libdeflate 6 about 5.0% (5.0-5.0%), with igzip 1 about 2.6% (2.6-2.6%)"), lines);
    }

    @Test
    void theRangeComesFromTheSlowestAndFastestPasses() {
        SavingPrediction.NodeShare node = new SavingPrediction.NodeShare(0, 10.0, 0, 10.0);
        Measurement stock = row("zlib 6 (stock)", 20, 200, 0.1);
        Measurement fast = row("libdeflate 6", 40, 400, 0.1);
        SavingPrediction.Predicted p = SavingPrediction.predict(node, stock, Collections.singletonList(fast)).get(0);
        assertEquals(5.0, p.median, 1e-9);
        assertEquals(10.0 * 180 / 440, p.low, 1e-9);
        assertEquals(10.0 * 220 / 360, p.high, 1e-9);
        assertTrue(p.low < p.median && p.median < p.high);
    }

    @Test
    void aSavingUnderOnePointOfTheNodesCpuIsSaidToBeTooSmall() {
        SavingPrediction.NodeShare node = new SavingPrediction.NodeShare(0.5, 0.9, 0.2, 1.2);
        Measurement stock = row("zlib 6 (stock)", 20, 200, 0);
        Measurement fast = row("libdeflate 6", 40, 400, 0);
        List<String> lines = SavingPrediction.lines(node, SavingPrediction.predict(node, stock, Collections.singletonList(fast)));
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("At most about 0.7% of this node's CPU to save: too small to matter on this workload.", lines.get(1));
    }

    @Test
    void anEngineThatWasNotMeasuredIsLeftOut() {
        SavingPrediction.NodeShare node = new SavingPrediction.NodeShare(5, 5, 5, 5);
        Measurement stock = row("zlib 6 (stock)", 20, 200, 0);
        Measurement missing = new Measurement(null, "qat", "library missing", null, 0, Rates.NONE, Rates.NONE, 0);
        assertTrue(SavingPrediction.predict(node, stock, Collections.singletonList(missing)).isEmpty());
    }
}
