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
class IaaVendorSoftwarePathTest extends EngineConformanceTest {
    /** max_native_buffer_kb's default, 1 MiB: the largest input the engine takes. */
    private static final int MAX_BUFFER = 1 << 20;

    @BeforeAll
    static void vendorLibraries() {
        assumeTrue(VendorLibraries.present(), VendorLibraries.NOT_RUN);
        assertTrue(VendorSoftwarePaths.enabled(), "runs in the vendor-software-paths execution");
    }

    @Override
    protected DeflateEngine openEngine() {
        return IaaEngine.open(VendorLibraries.qpl(), true, false, 8, MAX_BUFFER);
    }

    @Override
    protected boolean takesForCompression(int length) {
        return length > 0 && length <= Math.min(IaaEngine.MAX_TRANSFER, MAX_BUFFER); // QPL takes no empty job
    }

    /** Incompressible data: IAA's stored output can exceed deflateBound, and the engine then declines. */
    @Override
    protected boolean mayExceedDeflateBound(byte[] data) {
        return dev.deflateaccel.bridge.TestData.zlibCompress(data).length > data.length * 0.95;
    }

    /** Only 4 KiB-window streams (CINFO <= 4): stock 78 9C data never goes to IAA. */
    @Override
    protected boolean takesForDecompression(byte[] stream) {
        return stream.length >= 2 && ((stream[0] & 0xff) >>> 4) <= 4;
    }

    @Test
    void statusNamesTheSoftwarePath() {
        assertTrue(engine.status().detail().contains("QPL 1.6.0, QPL's software path"), engine.status().detail());
    }

    /** The largest input the engine stages here (under IAA's 2 MiB transfer limit), and a 4 KiB window. */
    @Override
    protected int[] limitSizes() {
        return new int[] {MAX_BUFFER, 4096};
    }
}
