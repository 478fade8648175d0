package dev.deflateaccel.agent.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Collections;

import dev.deflateaccel.agent.acceptance.EngineResult.Verdict;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigKey;
import dev.deflateaccel.bridge.engine.EngineStatus;
import dev.deflateaccel.bridge.engine.FallbackReason;

import org.junit.jupiter.api.Test;

/** The verdict rules: the doctor's rule for missing engines, and what a decline counts for. */
class EngineResultTest {
    private static final EngineStatus MISSING = EngineStatus.unavailable("libqatzip.so.3: not found");

    @Test
    void anAbsentEngineFailsOnlyWhenTheConfigAsksForIt() {
        // QAT is on by default, as in zlib-accel, but its absence is news only when a key names it.
        assertEquals(Verdict.UNAVAILABLE, new EngineResult(EngineRegistry.QAT, AccelConfig.defaults(), MISSING, Collections.emptyList()).verdict());
        AccelConfig asked = AccelConfig.defaults().with(ConfigKey.USE_QAT_COMPRESS, "1");
        EngineResult r = new EngineResult(EngineRegistry.QAT, asked, MISSING, Collections.emptyList());
        assertEquals(Verdict.FAIL, r.verdict());
        assertEquals("unavailable, and the config enables it", r.why());
    }

    @Test
    void declinesOutsideTheEnginesLimitsAreNotApplicableButOtherDeclinesFail() {
        CheckResult limits = new CheckResult("zlib-to-engine", true, "served");
        limits.declined(FallbackReason.INPUT_NOT_ACCEPTED);
        assertEquals(CheckResult.Status.NOT_APPLICABLE, limits.status());
        CheckResult busy = new CheckResult("zlib-to-engine", true, "served");
        busy.declined(FallbackReason.INPUT_NOT_ACCEPTED);
        busy.declined(FallbackReason.DEVICE_BUSY);
        assertEquals(CheckResult.Status.FAIL, busy.status());
    }

    @Test
    void anAvailableEngineWithOnlyNotApplicableChecksFails() {
        CheckResult limits = new CheckResult("engine-to-zlib", true, "served");
        limits.declined(FallbackReason.INPUT_NOT_ACCEPTED);
        CheckResult refused = new CheckResult("corrupt-refused", false, "refused");
        refused.passed();
        EngineResult r = new EngineResult(EngineRegistry.ZLIB, AccelConfig.defaults(), EngineStatus.available("test"),
                Arrays.asList(limits, refused));
        assertEquals(Verdict.FAIL, r.verdict());
        assertEquals("served no call in any check", r.why());
    }
}
