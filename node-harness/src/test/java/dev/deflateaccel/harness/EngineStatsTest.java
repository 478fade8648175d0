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

    /** The codec-share check's sums: CPU and calls per direction over every engine, Cassandra's code included. */
    @Test
    void perDirectionSumsTakeEveryEngineOfThatDirectionOnly() {
        EngineStats stats = new EngineStats(Map.of(
                "libdeflate/compress", new EngineCounters(3, 0, 0, 0, 0, 300),
                "cassandra/compress", new EngineCounters(1, 0, 0, 0, 0, 50),
                "libdeflate/decompress", new EngineCounters(7, 0, 0, 0, 0, 70)));
        assertEquals(350, stats.cpuNanos(EngineStats.COMPRESS));
        assertEquals(4, stats.operations(EngineStats.COMPRESS));
        assertEquals(70, stats.cpuNanos(EngineStats.DECOMPRESS));
        assertEquals(420, stats.cpuNanos());
        assertEquals(1, stats.operationsExcept("libdeflate", EngineStats.COMPRESS));
        assertEquals(0, stats.operationsExcept("libdeflate", EngineStats.DECOMPRESS));
    }
}
