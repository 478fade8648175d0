package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The conformance suite on the QAT engine bound to Intel's real QATzip 1.3.1 (with qatlib),
 * running QATzip's own software path ({@code sw_backup = 1}, {@link VendorSoftwarePaths}): the
 * real session and call API, structs and return codes, everything but the device. Runs in the
 * module's vendor-software-paths execution, which sets the property.
 */
class QatVendorSoftwarePathTest extends EngineConformanceTest {
    /** QATzip 1.3.1's default hw_buff_sz (QZ_HW_BUFF_SZ), which the engine keeps. */
    private static final int QATZIP_HW_BUFF_SZ = 64 * 1024;
    @BeforeAll
    static void vendorLibraries() {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        assertTrue(VendorSoftwarePaths.enabled(), "runs in the vendor-software-paths execution");
    }

    @Override
    protected DeflateEngine openEngine() {
        return QatEngine.open(VendorLibraries.qatzip(), 1, false, true, 8, 1 << 20);
    }

    @Override
    protected boolean takesForCompression(int length) {
        return length >= QatEngine.MIN_COMPRESS_INPUT && length <= QATZIP_HW_BUFF_SZ;
    }

    @Test
    void statusNamesTheSoftwarePath() {
        assertTrue(engine.status().detail().contains("QATzip's software path"), engine.status().detail());
    }

    /** QATzip consumes nothing when given no room for output: a stream of no bytes goes to the next engine. */
    @Override
    protected boolean takesForDecompression(byte[] stream, int outputLength) {
        return outputLength > 0;
    }

    /** The smallest input compression takes, and the session's hardware buffer size (the largest). */
    @Override
    protected int[] limitSizes() {
        return new int[] {QatEngine.MIN_COMPRESS_INPUT, QATZIP_HW_BUFF_SZ};
    }
}
