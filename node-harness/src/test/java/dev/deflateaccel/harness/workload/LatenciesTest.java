package dev.deflateaccel.harness.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LatenciesTest {

    @Test
    void eachSecondHasThePercentilesOfWhatCompletedInItAndNaNWhereNothingDid() throws Exception {
        Latencies l = new Latencies();
        long start = System.nanoTime();
        for (int i = 1; i <= 100; i++) {
            l.record(i * 1_000_000L); // 1..100 ms, all in the first second
        }
        while (System.nanoTime() - start < 2_100_000_000L) {
            Thread.sleep(50);
        }
        l.record(7_000_000L); // the third second
        assertArrayEquals(new double[] {99, Double.NaN, 7}, l.percentileMillisPerSecond(start, 3, 99));
        assertArrayEquals(new double[] {50, Double.NaN, 7}, l.percentileMillisPerSecond(start, 3, 50));
        assertEquals(99, l.percentileMillis(99), "the whole load's percentile as before");
        assertEquals(90, l.countAboveMillis(10), "11..100 ms");
    }
}
