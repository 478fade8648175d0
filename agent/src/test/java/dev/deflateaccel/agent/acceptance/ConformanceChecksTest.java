package dev.deflateaccel.agent.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.deflateaccel.agent.acceptance.CheckResult.Status;
import dev.deflateaccel.agent.acceptance.FaultyEngine.Fault;

import org.junit.jupiter.api.Test;

/**
 * Each fault is caught by the check meant for it, and only by the checks it really breaks: the
 * acceptance can fail, and when it does it names the right thing.
 */
class ConformanceChecksTest {

    @Test
    void aCorrectEngineFailsNothing() {
        Map<String, CheckResult> checks = run(Fault.NONE);
        assertEquals(ConformanceChecks.NAMES, new ArrayList<>(checks.keySet()));
        checks.values().forEach(c -> assertEquals(Status.PASS, c.status(), c.name + ": " + c.summary()));
    }

    @Test
    void wrongDecompressedBytesFailEveryDecodingCheck() {
        Map<String, CheckResult> checks = run(Fault.FLIPS_DECOMPRESSED_BYTE);
        for (String name : Arrays.asList(CrossDecodeChecks.ENGINE_TO_ENGINE, CrossDecodeChecks.ZLIB_TO_ENGINE,
                CrossDecodeChecks.CASSANDRA_TO_ENGINE)) {
            assertEquals(Status.FAIL, checks.get(name).status(), name);
            assertTrue(checks.get(name).summary().contains("decoded wrong data: byte 0 is"), checks.get(name).summary());
        }
        assertEquals(Status.PASS, checks.get(CrossDecodeChecks.ENGINE_TO_ZLIB).status());
    }

    @Test
    void aByteWrittenPastATooSmallRegionFailsOutputBounds() {
        Map<String, CheckResult> checks = run(Fault.WRITES_PAST_A_TOO_SMALL_REGION);
        CheckResult bounds = checks.get(RefusalChecks.OUTPUT_BOUNDS);
        assertEquals(Status.FAIL, bounds.status());
        assertTrue(bounds.summary().contains("wrote past the end of its output region (byte 0 after it)"), bounds.summary());
        assertEquals(Status.PASS, checks.get(CrossDecodeChecks.ENGINE_TO_ZLIB).status(), "bound-sized outputs fit");
    }

    @Test
    void partialDataFromATruncatedStreamFailsCorruptRefused() {
        Map<String, CheckResult> checks = run(Fault.RETURNS_PARTIAL_DATA);
        CheckResult corrupt = checks.get(RefusalChecks.CORRUPT_REFUSED);
        assertEquals(Status.FAIL, corrupt.status());
        assertTrue(corrupt.summary().contains("heap Cassandra's stream, truncated to 0 of "), corrupt.summary());
        assertTrue(corrupt.summary().contains("from a stream java.util.zip rejects"), corrupt.summary());
        assertEquals(Status.PASS, checks.get(CrossDecodeChecks.CASSANDRA_TO_ENGINE).status(), "valid streams still decode");
    }

    /** Declining is safe, but an engine that never completes a call has not been shown to work. */
    @Test
    void anEngineThatDeclinesEverythingFails() {
        Map<String, CheckResult> checks = run(Fault.ALWAYS_BUSY);
        CheckResult toZlib = checks.get(CrossDecodeChecks.ENGINE_TO_ZLIB);
        assertEquals(Status.FAIL, toZlib.status());
        assertEquals("declined all 21 (DEVICE_BUSY 21)", toZlib.summary());
    }

    private static Map<String, CheckResult> run(Fault fault) {
        try (FaultyEngine engine = new FaultyEngine(fault)) {
            Map<String, CheckResult> byName = new LinkedHashMap<>();
            for (CheckResult c : ConformanceChecks.run(engine)) {
                byName.put(c.name, c);
            }
            return byName;
        }
    }
}
