package dev.deflateaccel.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class RatePacerTest {

    /** A clock that moves only when the pacer waits, by as much as it asks (or less, to model an early return). */
    private static final class FakeClock {
        long now = 1_000;
        final List<Long> waits = new ArrayList<>();
        long shortBy;

        RatePacer pacer(double rate) {
            return new RatePacer(rate, () -> now, nanos -> {
                waits.add(nanos);
                now += Math.max(1, nanos - shortBy);
                shortBy = 0;
            });
        }
    }

    @Test
    void eachRequestWaitsForItsOwnDueTimeNotForTheLastAnswer() {
        FakeClock clock = new FakeClock();
        RatePacer pacer = clock.pacer(4); // one request every 250 ms
        long start = clock.now;
        for (int k = 0; k < 4; k++) {
            pacer.awaitDue(start, k);
        }
        // Request 0 is due at once; 1, 2 and 3 each 250 ms after the one before.
        assertEquals(List.of(250_000_000L, 250_000_000L, 250_000_000L), clock.waits);
        assertEquals(start + 750_000_000L, clock.now);
    }

    @Test
    void aLateSenderSendsAtOnceAndCatchesUp() {
        FakeClock clock = new FakeClock();
        RatePacer pacer = clock.pacer(1000);
        long start = clock.now;
        clock.now += 5_000_000; // 5 ms lost before request 1: requests 1-5 are already due
        for (int k = 1; k <= 6; k++) {
            pacer.awaitDue(start, k);
        }
        assertEquals(List.of(1_000_000L), clock.waits, "only request 6 (due at 6 ms) waits, for 1 ms");
    }

    @Test
    void aWaitThatReturnsEarlyIsWaitedAgain() {
        FakeClock clock = new FakeClock();
        RatePacer pacer = clock.pacer(10);
        long start = clock.now;
        clock.shortBy = 40_000_000; // parkNanos returning 40 ms early (spurious wake-up)
        pacer.awaitDue(start, 1);
        assertEquals(List.of(100_000_000L, 40_000_000L), clock.waits);
        assertEquals(start + 100_000_000L, clock.now);
    }

    @Test
    void aRateThatIsNotAPositiveNumberIsRefusedWithTheValue() {
        for (double bad : new double[] {0, -5, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RatePacer(bad));
            assertEquals("a rate above 0 requests per second, not " + bad, e.getMessage());
        }
    }
}
