package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The conformance suite on the IAA engine bound to Intel's real QPL (1.6.0 built in
 * ../shared/vendor, or a build Debian ships: {@link LibrariesUnderTest}), on QPL's software
 * path ({@code qpl_path_software}, {@link VendorSoftwarePaths}): the same job structure, flags and
 * qpl_execute_job as the hardware path, everything but the device. Runs in the module's
 * vendor-software-paths execution, which sets the property.
 */
class IaaVendorSoftwarePathTest extends IaaConformanceTest {

    @Override
    protected DeflateEngine openEngine() {
        // Here, not in a @BeforeAll of this class: the suite's own @BeforeAll opens the engine first.
        VendorLibraries.assumeSoftwarePathRun(LibrariesUnderTest.QPL);
        return IaaEngine.open(LibrariesUnderTest.qpl(), true, false, 8, MAX_BUFFER);
    }

    @Override
    protected String expectedLibraryFolder() {
        return LibrariesUnderTest.folder(LibrariesUnderTest.QPL);
    }

    @Test
    void statusNamesTheSoftwarePath() {
        assertTrue(engine.status().detail().contains("QPL " + LibrariesUnderTest.qplVersion() + ", QPL's software path"), engine.status().detail());
    }
}
