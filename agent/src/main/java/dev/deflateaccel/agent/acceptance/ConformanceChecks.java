package dev.deflateaccel.agent.acceptance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import dev.deflateaccel.bridge.engine.DeflateEngine;

/**
 * Every conformance check, in report order, on one available engine. The same properties the
 * engines' test suite proves against the build machine's libraries (EngineConformanceTest),
 * here against the libraries and devices of the host that will run Cassandra.
 */
final class ConformanceChecks {
    /** The check names, as the report prints them. */
    static final List<String> NAMES = Collections.unmodifiableList(Arrays.asList(CrossDecodeChecks.ENGINE_TO_ZLIB,
            CrossDecodeChecks.ENGINE_TO_ENGINE, CrossDecodeChecks.ZLIB_TO_ENGINE, CrossDecodeChecks.CASSANDRA_TO_ENGINE,
            RefusalChecks.CORRUPT_REFUSED, RefusalChecks.OUTPUT_BOUNDS));

    private ConformanceChecks() {
    }

    static List<CheckResult> run(DeflateEngine engine) {
        List<CheckResult> results = new ArrayList<>(CrossDecodeChecks.run(engine));
        results.addAll(RefusalChecks.run(engine));
        return results;
    }
}
