package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Statistics deltas are what every node test and program compares; they must subtract per engine and direction. */
class EngineStatsTest {

    /** libdeflate's and Cassandra's compress counters: operations, and bytes in of 100 per operation. */
    private static EngineStats compress(long libdeflate, long libdeflateFallbacks, long cassandra) {
        return new EngineStats(Map.of(
                "libdeflate/compress", new EngineCounters(libdeflate, 100 * libdeflate, 0, 0, libdeflateFallbacks),
                "cassandra/compress", new EngineCounters(cassandra, 100 * cassandra, 0, 0, 0)));
    }

    @Test
    void deltasSubtractPerEngine() {
        EngineStats delta = compress(15, 1, 2).since(compress(10, 0, 2));
        assertEquals(5, delta.get("libdeflate", EngineStats.COMPRESS).operations);
        assertEquals(1, delta.get("libdeflate", EngineStats.COMPRESS).fallbacks);
        assertEquals(500, delta.get("libdeflate", EngineStats.COMPRESS).bytesIn);
        assertEquals(0, delta.get("cassandra", EngineStats.COMPRESS).operations);
        assertEquals(0, delta.get("igzip", EngineStats.COMPRESS).operations);
    }
}
