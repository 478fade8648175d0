package dev.deflateaccel.it.scenarios;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.EngineCounters;
import dev.deflateaccel.harness.EngineStats;

/** The "served by" judgement must fail where it should, or the scenarios prove nothing. */
class EngineAssertionsTest {

    private static EngineStats stats(long libdeflate, long libdeflateFallbacks, long zlib, long cassandra, long cassandraBytes) {
        return new EngineStats(Map.of(
                "libdeflate/compress", new EngineCounters(libdeflate, 100 * libdeflate, 50 * libdeflate, 0, libdeflateFallbacks),
                "zlib/compress", new EngineCounters(zlib, 0, 0, 0, 0),
                "cassandra/compress", new EngineCounters(cassandra, cassandraBytes, 0, 0, 0)));
    }

    @Test
    void servedByAcceptsTheEngineAloneAndEmptyInputsHandedBack() {
        EngineAssertions.servedBy(stats(10, 0, 0, 0, 0), EngineStats.COMPRESS, "libdeflate");
        EngineAssertions.servedBy(stats(10, 0, 0, 2, 0), EngineStats.COMPRESS, "libdeflate");
        EngineAssertions.servedBy(stats(10, 3, 0, 3, 900), EngineStats.COMPRESS, "libdeflate");
    }

    @Test
    void servedByRejectsIdleEnginesOtherEnginesAndUnexplainedHandBacks() {
        assertThrows(AssertionError.class, () -> EngineAssertions.servedBy(stats(0, 0, 0, 0, 0), EngineStats.COMPRESS, "libdeflate"));
        assertThrows(AssertionError.class, () -> EngineAssertions.servedBy(stats(10, 0, 1, 0, 0), EngineStats.COMPRESS, "libdeflate"));
        assertThrows(AssertionError.class, () -> EngineAssertions.servedBy(stats(10, 0, 0, 3, 900), EngineStats.COMPRESS, "libdeflate"));
    }
}
