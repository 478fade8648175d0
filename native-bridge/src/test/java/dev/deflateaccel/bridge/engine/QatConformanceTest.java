package dev.deflateaccel.bridge.engine;

/**
 * The conformance suite with the QAT engine's limits, for every library it runs on (the QATzip
 * emulator, Intel's QATzip): compression takes 1 KiB up to the session's hw_buff_sz, 64 KiB by
 * default in QATzip 1.3.1 (QZ_HW_BUFF_SZ) and in the emulator.
 */
abstract class QatConformanceTest extends EngineConformanceTest {
    static final int HW_BUFF_SZ = 64 * 1024;

    @Override
    protected boolean takesForCompression(int length) {
        return length >= QatEngine.MIN_COMPRESS_INPUT && length <= HW_BUFF_SZ;
    }

    /** QATzip consumes nothing when given no room for output: a stream of no bytes goes to the next engine. */
    @Override
    protected boolean takesForDecompression(byte[] stream, int outputLength) {
        return outputLength > 0;
    }

    /** The smallest input compression takes, and the session's hardware buffer size (the largest). */
    @Override
    protected int[] limitSizes() {
        return new int[] {QatEngine.MIN_COMPRESS_INPUT, HW_BUFF_SZ};
    }
}
