package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

/**
 * An engine refused before its library was loaded (an architecture it does not support, or one
 * its struct offsets were not checked for). It reports unavailable with the reason, so routing
 * skips it and the doctor shows why; its calls are never made, and decline if they are.
 */
public final class RefusedEngine implements DeflateEngine {
    private final String name;
    private final EngineStatus status;
    private final NativeMemoryMeter none = new NativeMemoryMeter();

    public RefusedEngine(String name, String reason) {
        this.name = name;
        this.status = EngineStatus.unavailable(reason);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public EngineStatus status() {
        return status;
    }

    @Override
    public int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return FallbackReason.INPUT_NOT_ACCEPTED.code();
    }

    @Override
    public int compress(ByteBuffer in, ByteBuffer out) {
        return FallbackReason.INPUT_NOT_ACCEPTED.code();
    }

    @Override
    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return FallbackReason.INPUT_NOT_ACCEPTED.code();
    }

    @Override
    public int decompress(ByteBuffer in, ByteBuffer out) {
        return FallbackReason.INPUT_NOT_ACCEPTED.code();
    }

    @Override
    public NativeMemoryMeter nativeMemory(boolean compress) {
        return none;
    }

    @Override
    public long nativeBytesBound(boolean compress) {
        return 0;
    }

    @Override
    public void close() {
    }
}
