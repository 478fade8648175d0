package dev.deflateaccel.bridge.engine;

import org.junit.jupiter.api.BeforeAll;

/** The conformance suite on the IAA engine, against the QPL device emulator. */
class IaaEngineEmulatorTest extends IaaConformanceTest {

    @BeforeAll
    static void healthyDevice() {
        DeviceEmulators.Iaa.configure("device=1");
    }

    @Override
    protected DeflateEngine openEngine() {
        DeviceEmulators.Iaa.configure("device=1");
        return IaaEngine.open(DeviceEmulators.iaaLibrary(), true, false, 8, MAX_BUFFER);
    }
}
