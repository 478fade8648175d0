package dev.deflateaccel.bridge.engine;

import org.junit.jupiter.api.BeforeAll;

/** The conformance suite on the QAT engine, against the QATzip device emulator. */
class QatEngineEmulatorTest extends QatConformanceTest {

    @BeforeAll
    static void healthyDevice() {
        DeviceEmulators.Qat.configure("device=1");
    }

    @Override
    protected DeflateEngine openEngine() {
        DeviceEmulators.Qat.configure("device=1");
        return QatEngine.open(DeviceEmulators.qatLibrary(), 1, false, true, 8, 1 << 20);
    }
}
