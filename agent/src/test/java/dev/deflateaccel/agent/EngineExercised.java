package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;

import dev.deflateaccel.bridge.engine.VendorLibraries;

/** Guards the fork tests against passing vacuously: the engine under test (or the advice) really served calls. */
final class EngineExercised {
    /** Comma-separated engine labels (none, zlib, libdeflate, igzip, qat, iaa): run the fork tests for these only. */
    static final String ENGINES = "deflateaccel.forks.engines";

    private EngineExercised() {
    }

    /**
     * Skips the test unless -Ddeflateaccel.forks.engines is unset or names this engine, and, for
     * the configurations on Intel's real libraries, unless ../shared/vendor is here.
     */
    static void selected(EngineConfig engine) {
        assumeTrue(!engine.usesVendorLibraries() || VendorLibraries.present(), VendorLibraries.NOT_RUN);
        String only = System.getProperty(ENGINES, "");
        assumeTrue(only.isEmpty() || Arrays.asList(only.split(",")).contains(engine.label()), "-D" + ENGINES + "=" + only);
    }

    static void check(ForkedSuiteRun run) {
        String engine = run.engine.engine() == null ? CassandraRoute.CASSANDRA : run.engine.engine();
        long compress = run.stat(engine, "compress")[0];
        long decompress = run.stat(engine, "decompress")[0];
        boolean decompressOnly = run.suite.equals("fuzz");
        assertTrue((decompressOnly || compress > 0) && decompress > 0, "the woven class never reached " + engine
                + " (compress operations " + compress + ", decompress operations " + decompress + ")");
    }
}
