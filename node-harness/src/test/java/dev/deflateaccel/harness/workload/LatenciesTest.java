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

    @Test
    void theChosenSecondsHoldOnlyWhatCompletedInThem() {
        Latencies l = new Latencies();
        long from = 1_000_000_000_000L;
        l.recordAt(1_000_000L, from - 1);                   // before the first second
        l.recordAt(2_000_000L, from);                       // second 0, chosen
        l.recordAt(3_000_000L, from + 999_999_999L);        // second 0, chosen
        l.recordAt(90_000_000L, from + 1_000_000_000L);     // second 1, left out
        l.recordAt(4_000_000L, from + 2_500_000_000L);      // second 2, chosen
        l.recordAt(5_000_000L, from + 3_000_000_000L);      // past the seconds given
        Latencies chosen = l.completedInSeconds(from, new boolean[] {true, false, true});
        assertEquals(3, chosen.count());
        assertEquals(4, chosen.percentileMillis(100));
        assertEquals(2, chosen.percentileMillis(1));
        assertEquals(0, l.completedInSeconds(from, new boolean[] {false, false, false}).count());
    }

    @Test
    void aWindowHoldsOnlyWhatCompletedInIt() throws Exception {
        Latencies l = new Latencies();
        for (int i = 1; i <= 10; i++) {
            l.record(i * 1_000_000L); // 1..10 ms, before the window
        }
        long from = System.nanoTime();
        for (int i = 1; i <= 100; i++) {
            l.record(i * 100_000L); // 0.1..10 ms, in it
        }
        long to = System.nanoTime();
        l.record(50_000_000L); // after it
        Latencies window = l.completedBetween(from, to);
        assertEquals(100, window.count());
        assertEquals(9.9, window.percentileMillis(99), 1e-9);
        assertEquals(0, window.countAboveMillis(10), "the 50 ms read came after the window");
        assertEquals(111, l.count(), "the load keeps every read");
        assertEquals(0, l.completedBetween(to + 1_000_000_000L, to + 2_000_000_000L).count());
    }
}
