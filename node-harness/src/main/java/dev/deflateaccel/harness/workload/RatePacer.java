package dev.deflateaccel.harness.workload;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Open-loop pacing: request k is due at start + k / rate, whether or not earlier ones have been
 * answered. A sender that is late (a slow node holding every slot in flight) sends at once, so it
 * catches up rather than lowering the rate for good.
 */
final class RatePacer {

    private final double nanosPerRequest;
    private final LongSupplier clock;
    private final LongConsumer park;

    RatePacer(double perSecond) {
        this(perSecond, System::nanoTime, LockSupport::parkNanos);
    }

    /** With a clock and a wait of one's own, for the test. */
    RatePacer(double perSecond, LongSupplier clock, LongConsumer park) {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("a rate above 0 requests per second, not " + perSecond);
        }
        this.nanosPerRequest = 1e9 / perSecond;
        this.clock = clock;
        this.park = park;
    }

    /** Waits until request {@code k} of a run begun at {@code start} (System.nanoTime) is due. */
    void awaitDue(long start, long k) {
        long due = start + (long) (k * nanosPerRequest);
        for (long wait = due - clock.getAsLong(); wait > 0; wait = due - clock.getAsLong()) {
            park.accept(wait); // parkNanos may return early, spuriously or on an interrupt: wait again
        }
    }
}
