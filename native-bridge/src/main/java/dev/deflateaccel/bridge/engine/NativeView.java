package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.sun.jna.Pointer;

/**
 * A direct ByteBuffer over native memory we allocated, in the machine's byte order. Made once,
 * when the memory is allocated, and kept with it: an absolute get or put on it compiles to a
 * plain load or store, where each JNA {@code Pointer} get/set is a JNI call and a new
 * {@code Pointer} or view per call is garbage on every chunk.
 */
final class NativeView {
    private NativeView() {
    }

    /** A view of {@code bytes} bytes at {@code address}, position 0, limit {@code bytes}. */
    static ByteBuffer of(long address, int bytes) {
        return new Pointer(address).getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
    }
}
