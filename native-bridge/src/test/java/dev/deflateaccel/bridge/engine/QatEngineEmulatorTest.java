package dev.deflateaccel.bridge.engine;

import org.junit.jupiter.api.BeforeAll;

/** The conformance suite on the QAT engine, against the QATzip device emulator. */
class QatEngineEmulatorTest extends EngineConformanceTest {
    /** The emulator's default hw_buff_sz, as QATzip's: 64 KiB. */
    private int hwBufferSize = 64 * 1024;

    @BeforeAll
    static void healthyDevice() {
        DeviceEmulators.Qat.configure("device=1");
    }

    @Override
    protected DeflateEngine openEngine() {
        DeviceEmulators.Qat.configure("device=1");
        return QatEngine.open(DeviceEmulators.qatLibrary(), 1, false, true, 8, 1 << 20);
    }

    @Override
    protected boolean takesForCompression(int length) {
        return length >= QatEngine.MIN_COMPRESS_INPUT && length <= hwBufferSize;
    }

    /** QATzip consumes nothing when given no room for output: a stream of no bytes goes to the next engine. */
    @Override
    protected boolean takesForDecompression(byte[] stream, int outputLength) {
        return outputLength > 0;
    }

    /** The smallest input compression takes, and the session's hardware buffer size (the largest). */
    @Override
    protected int[] limitSizes() {
        return new int[] {QatEngine.MIN_COMPRESS_INPUT, hwBufferSize};
    }
}
