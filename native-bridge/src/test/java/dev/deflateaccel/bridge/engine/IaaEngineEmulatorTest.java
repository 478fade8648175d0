package dev.deflateaccel.bridge.engine;

import org.junit.jupiter.api.BeforeAll;

/** The conformance suite on the IAA engine, against the QPL device emulator. */
class IaaEngineEmulatorTest extends EngineConformanceTest {

    @BeforeAll
    static void healthyDevice() {
        DeviceEmulators.Iaa.configure("device=1");
    }

    @Override
    protected DeflateEngine openEngine() {
        DeviceEmulators.Iaa.configure("device=1");
        return IaaEngine.open(DeviceEmulators.iaaLibrary(), true, false, 8, 1 << 20);
    }

    @Override
    protected boolean takesForCompression(int length) {
        return length > 0 && length <= IaaEngine.MAX_TRANSFER; // QPL takes no empty job
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
}
