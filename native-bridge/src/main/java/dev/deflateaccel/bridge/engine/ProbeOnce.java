package dev.deflateaccel.bridge.engine;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The outcome of each device probe, per library and mode, for this process. A probe costs a
 * session or a job, and with no device QATzip prints two lines to stderr each time, so a probe
 * that found a device is kept for the life of the process: re-opening the engine (a config
 * reload) does not pay it again. A probe that failed is kept too, until a reload asks for failed
 * probes to run again ({@link #forgetFailures()}): a device, a driver or a work queue set up
 * after the node started can then be seen without a restart, as far as the vendor's library
 * looks again (see the engines). Probes run when an engine is opened, never on a call.
 */
public final class ProbeOnce {
    private static final Map<String, Outcome> OUTCOMES = new ConcurrentHashMap<>();

    private static final class Outcome {
        final Object value;
        final boolean succeeded;

        Outcome(Object value, boolean succeeded) {
            this.value = value;
            this.succeeded = succeeded;
        }
    }

    private ProbeOnce() {
    }

    /** The kept outcome for {@code key}, or {@code probe}'s, kept; {@code succeeded} tells which outcomes found a device. */
    @SuppressWarnings("unchecked")
    static <T> T of(String key, Supplier<T> probe, Predicate<T> succeeded) {
        return (T) OUTCOMES.computeIfAbsent(key, k -> {
            T value = probe.get();
            return new Outcome(value, succeeded.test(value));
        }).value;
    }

    /**
     * Forgets every probe that failed, so that the next open of that engine probes again; probes
     * that succeeded stay. A reload calls this before it opens the engines of the config.
     */
    public static void forgetFailures() {
        for (Iterator<Outcome> it = OUTCOMES.values().iterator(); it.hasNext(); ) {
            if (!it.next().succeeded) {
                it.remove();
            }
        }
    }

    /** Forgets every outcome: for the device emulators, whose device comes and goes within one process. */
    static void forget() {
        OUTCOMES.clear();
    }
}
