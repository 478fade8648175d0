package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite on the IAA engine bound to Intel's real QPL 1.6.0, on QPL's software
 * path ({@code qpl_path_software}, {@link VendorSoftwarePaths}): the same job structure, flags and
 * qpl_execute_job as the hardware path, everything but the device. Runs in the module's
 * vendor-software-paths execution, which sets the property.
 */
class IaaVendorSoftwarePathTest extends IaaConformanceTest {

    @BeforeAll
    static void vendorLibraries() {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        assertTrue(VendorSoftwarePaths.enabled(), "runs in the vendor-software-paths execution");
    }

    @Override
    protected DeflateEngine openEngine() {
        return IaaEngine.open(VendorLibraries.qpl(), true, false, 8, MAX_BUFFER);
    }

    @Test
    void statusNamesTheSoftwarePath() {
        assertTrue(engine.status().detail().contains("QPL 1.6.0, QPL's software path"), engine.status().detail());
    }
}
