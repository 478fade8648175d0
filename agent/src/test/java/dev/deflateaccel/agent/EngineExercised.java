package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import dev.deflateaccel.bridge.engine.LibrariesUnderTest;
import dev.deflateaccel.bridge.engine.VendorLibraries;

/** Guards the fork tests against passing vacuously: the engine under test (or the advice) really served calls. */
final class EngineExercised {
    /** Comma-separated engine labels (none, zlib, libdeflate, igzip, qat, iaa): run the fork tests for these only. */
    static final String ENGINES = "deflateaccel.forks.engines";

    private EngineExercised() {
    }

    /**
     * The configurations -Ddeflateaccel.forks.engines names (every one when it is unset), for a
     * {@code @MethodSource}: a configuration left out is not a test, rather than a skipped one.
     */
    static Stream<EngineConfig> chosen() {
        String only = System.getProperty(ENGINES, "");
        List<String> labels = Arrays.asList(only.split(","));
        return Arrays.stream(EngineConfig.values()).filter(c -> only.isEmpty() || labels.contains(c.label()));
    }

    /** {@link #chosen()} without {@link EngineConfig#NONE}: the configurations with an engine. */
    static Stream<EngineConfig> chosenEngines() {
        return chosen().filter(c -> c != EngineConfig.NONE);
    }

    /**
     * Skips the test unless -Ddeflateaccel.forks.engines is unset or names this engine, and, for
     * the configurations on Intel's real libraries, unless ../shared/vendor is here or a
     * library-matrix execution names that library's build.
     */
    static void selected(EngineConfig engine) {
        String vendorLibrary = engine == EngineConfig.QAT_VENDOR_SOFTWARE ? LibrariesUnderTest.QATZIP : LibrariesUnderTest.QPL;
        assumeTrue(!engine.usesVendorLibraries() || LibrariesUnderTest.runs(vendorLibrary), VendorLibraries.NOT_RUN);
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
