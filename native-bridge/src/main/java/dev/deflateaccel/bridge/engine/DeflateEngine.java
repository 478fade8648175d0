package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

/**
 * One-shot, whole-buffer zlib-format (RFC 1950) compression and decompression.
 *
 * <p>Every method returns the number of bytes written (0 or more) on success, or a negative
 * {@link FallbackReason#code()} when the engine declines or fails. On failure the caller's
 * input is untouched and nothing is written outside {@code [outOffset, outOffset + outLength)}
 * (for buffers: between the output's position and limit); what was written there is garbage and
 * must not be taken as a result. ByteBuffer variants read {@code in}'s remaining bytes, write
 * from {@code out}'s position, and never move either position: the caller does that on success.
 *
 * <p>Implementations are thread-safe.
 */
public interface DeflateEngine extends AutoCloseable {
    String name();

    EngineStatus status();

    int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength);

    int compress(ByteBuffer in, ByteBuffer out);

    int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength);

    int decompress(ByteBuffer in, ByteBuffer out);

    /**
     * The same call on two regions of one kind (both arrays or both buffers), as the routing loop
     * makes it: an engine reads them during the call and keeps neither. By default, the array or
     * buffer method.
     */
    default int compress(Region in, Region out) {
        return in.isBuffer() ? compress(in.buffer(), out.buffer())
                : compress(in.array(), in.offset(), in.length(), out.array(), out.offset(), out.length());
    }

    default int decompress(Region in, Region out) {
        return in.isBuffer() ? decompress(in.buffer(), out.buffer())
                : decompress(in.array(), in.offset(), in.length(), out.array(), out.offset(), out.length());
    }

    /**
     * The native memory this engine holds for one direction (staging plus the library's own
     * per-context state), for the JMX count and the memory bound.
     */
    NativeMemoryMeter nativeMemory(boolean compress);

    /**
     * The most native memory this engine can hold for one direction, whatever the thread count:
     * every context of its bounded pool in use at once, each with its largest staging.
     */
    long nativeBytesBound(boolean compress);

    /** Frees native resources; contexts in use are freed when their call returns. */
    @Override
    void close();
}
