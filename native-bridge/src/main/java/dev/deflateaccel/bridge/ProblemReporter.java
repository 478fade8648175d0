package dev.deflateaccel.bridge;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.deflateaccel.bridge.engine.DeflateEngine;

/**
 * Logs an engine's first unexpected exception, once per engine: the call itself has already
 * gone to the next engine, and a log line per chunk would flood Cassandra's output.
 */
final class ProblemReporter {
    private final AccelLog log;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    ProblemReporter(AccelLog log) {
        this.log = log;
    }

    void once(DeflateEngine engine, Throwable t) {
        if (reported.add(engine.name())) {
            StackTraceElement[] trace = t.getStackTrace();
            log.error("engine " + engine.name() + " threw " + t + (trace.length > 0 ? " at " + trace[0] : "")
                    + "; calls fall back to the next engine (further occurrences only counted)");
        }
    }
}
