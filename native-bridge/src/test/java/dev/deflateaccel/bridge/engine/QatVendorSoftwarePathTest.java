package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The conformance suite on the QAT engine bound to Intel's real QATzip 1.3.1 (with qatlib),
 * running QATzip's own software path ({@code sw_backup = 1}, {@link VendorSoftwarePaths}): the
 * real session and call API, structs and return codes, everything but the device. Runs in the
 * module's vendor-software-paths execution, which sets the property.
 */
class QatVendorSoftwarePathTest extends QatConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        // Here, not in a @BeforeAll of this class: the suite's own @BeforeAll opens the engine first.
        VendorLibraries.assumeSoftwarePathRun();
        return QatEngine.open(VendorLibraries.qatzip(), 1, false, true, 8, 1 << 20);
    }

    @Test
    void statusNamesTheSoftwarePath() {
        assertTrue(engine.status().detail().contains("QATzip's software path"), engine.status().detail());
    }
}
