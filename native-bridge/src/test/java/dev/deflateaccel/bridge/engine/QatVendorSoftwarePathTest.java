package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The conformance suite on the QAT engine bound to Intel's real QATzip (with qatlib): 1.3.1 built
 * in ../shared/vendor, or a build Debian ships ({@link LibrariesUnderTest}),
 * running QATzip's own software path ({@code sw_backup = 1}, {@link VendorSoftwarePaths}): the
 * real session and call API, structs and return codes, everything but the device. Runs in the
 * module's vendor-software-paths execution, which sets the property.
 */
class QatVendorSoftwarePathTest extends QatConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        // Here, not in a @BeforeAll of this class: the suite's own @BeforeAll opens the engine first.
        VendorLibraries.assumeSoftwarePathRun(LibrariesUnderTest.QATZIP);
        return QatEngine.open(LibrariesUnderTest.qatzip(), 1, false, true, 8, 1 << 20);
    }

    @Override
    protected String expectedLibraryFolder() {
        return LibrariesUnderTest.folder(LibrariesUnderTest.QATZIP);
    }

    @Test
    void statusNamesTheSoftwarePath() {
        assertTrue(engine.status().detail().contains("QATzip's software path"), engine.status().detail());
    }
}
