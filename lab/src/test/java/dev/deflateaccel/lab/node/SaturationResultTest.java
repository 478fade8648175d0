package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.EngineStats;

/** Which step a saturation run "held": the most throughput whose read p99 met the bound. */
class SaturationResultTest {

    private static SaturationResult.Step step(SaturationResult r, int concurrency, double opsPerSecond, double readP99,
                                              double cpu) {
        SaturationResult.Step s = new SaturationResult.Step(concurrency);
        s.opsPerSecond = opsPerSecond;
        s.readP99 = readP99;
        s.cpuMicrosPerOp = cpu;
        r.steps.add(s);
        return s;
    }

    @Test
    void heldIsTheFastestStepUnderTheBoundNotTheFastestStep() {
        SaturationResult r = new SaturationResult();
        r.p99BoundMillis = 20;
        step(r, 8, 2_000, 5, 600);
        SaturationResult.Step held = step(r, 32, 3_000, 19.9, 550);
        step(r, 128, 3_400, 80, 540);
        assertSame(held, r.held());
        assertEquals(3_000, r.held(s -> s.opsPerSecond));
        assertEquals(550, r.held(s -> s.cpuMicrosPerOp));
        assertEquals(19.9, r.held(s -> s.readP99));
        assertSame(held, r.at(32));
        assertNull(r.at(64));
    }

    @Test
    void noStepUnderTheBoundHoldsNothing() {
        SaturationResult r = new SaturationResult();
        r.p99BoundMillis = 20;
        step(r, 8, 2_000, 25, 600);
        assertNull(r.held());
        assertTrue(Double.isNaN(r.held(s -> s.opsPerSecond)));
        assertTrue(Double.isNaN(r.held(s -> s.cpuMicrosPerOp)));
    }

    @Test
    void aWrongReadOrAnEngineThatDidNotServeMakesTheRunUnclean() {
        SaturationResult r = new SaturationResult();
        assertTrue(r.clean());
        r.wrongReads = 1;
        assertFalse(r.clean());
        r.wrongReads = 0;
        r.engines = NodeEngineCheck.of("igzip", new EngineStats(Map.of()), NodeEngineCheck.Requires.BOTH, "");
        assertFalse(r.clean());
    }
}
