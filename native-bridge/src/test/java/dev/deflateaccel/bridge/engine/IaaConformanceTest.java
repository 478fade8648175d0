package dev.deflateaccel.bridge.engine;

import dev.deflateaccel.bridge.TestData;

/**
 * The conformance suite with the IAA engine's limits, for every library it runs on (the QPL
 * emulator, Intel's QPL): no empty input, nothing over the largest staged input, and only 4 KiB
 * window streams to decode.
 */
abstract class IaaConformanceTest extends EngineConformanceTest {
    /** max_native_buffer_kb's default, 1 MiB: the largest input the engine takes. */
    static final int MAX_BUFFER = 1 << 20;

    @Override
    protected boolean takesForCompression(int length) {
        return length > 0 && length <= Math.min(IaaEngine.MAX_TRANSFER, MAX_BUFFER); // QPL takes no empty job
    }

    /** Incompressible data: IAA's stored output can exceed deflateBound, and the engine then declines. */
    @Override
    protected boolean mayExceedDeflateBound(byte[] data) {
        return TestData.zlibCompress(data).length > data.length * 0.95;
    }

    /** Only 4 KiB-window streams (CINFO <= 4): stock 78 9C data never goes to IAA. */
    @Override
    protected boolean takesForDecompression(byte[] stream) {
        return stream.length >= 2 && ((stream[0] & 0xff) >>> 4) <= 4;
    }

    /** The largest input the engine stages here (under IAA's 2 MiB transfer limit), and a 4 KiB window. */
    @Override
    protected int[] limitSizes() {
        return new int[] {MAX_BUFFER, 4096};
    }
}
