package dev.deflateaccel.bridge.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Device probes run once per library and mode per process, and their outcome is kept. A probe
 * costs a session or a job, and with no device QATzip prints two lines to stderr each time:
 * a config reload must neither pay that again nor repeat the lines in the node's console.
 * A device that appears later is seen after a restart.
 */
final class ProbeOnce {
    private static final Map<String, Object> OUTCOMES = new ConcurrentHashMap<>();

    private ProbeOnce() {
    }

    @SuppressWarnings("unchecked")
    static <T> T of(String key, Supplier<T> probe) {
        return (T) OUTCOMES.computeIfAbsent(key, k -> probe.get());
    }

    /** Forgets every outcome: for the device emulators, whose device comes and goes within one process. */
    static void forget() {
        OUTCOMES.clear();
    }
}
