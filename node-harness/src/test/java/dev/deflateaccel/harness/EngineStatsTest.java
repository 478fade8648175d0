package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Statistics deltas are what every node test and program compares; they must subtract per engine and direction. */
class EngineStatsTest {

    private static EngineStats stats(long libdeflate, long libdeflateFallbacks, long zlib, long cassandra, long cassandraBytes) {
        return new EngineStats(Map.of(
                "libdeflate/compress", new EngineCounters(libdeflate, 100 * libdeflate, 50 * libdeflate, 0, libdeflateFallbacks),
                "zlib/compress", new EngineCounters(zlib, 0, 0, 0, 0),
                "cassandra/compress", new EngineCounters(cassandra, cassandraBytes, 0, 0, 0)));
    }

    @Test
    void deltasSubtractPerEngine() {
        EngineStats delta = stats(15, 1, 0, 2, 0).since(stats(10, 0, 0, 2, 0));
        assertEquals(5, delta.get("libdeflate", EngineStats.COMPRESS).operations);
        assertEquals(1, delta.get("libdeflate", EngineStats.COMPRESS).fallbacks);
        assertEquals(0, delta.get("cassandra", EngineStats.COMPRESS).operations);
        assertEquals(0, delta.get("igzip", EngineStats.COMPRESS).operations);
    }
}
