package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

/**
 * A heap array that java.util.zip works on in place of a caller's direct buffer. The JDK's
 * Deflater and Inflater would otherwise read a direct buffer's memory from native code, and a
 * fault in a file mapping there kills the JVM; the bulk copy here raises InternalError instead,
 * as stock Cassandra's own copy does. Arrays above {@link NativeBuffer#RETAINED_BYTES} are
 * dropped after the call.
 */
final class HeapStaging {
    private static final byte[] EMPTY = new byte[0];

    private byte[] bytes = EMPTY;

    /** An array of at least {@code size} bytes; contents are undefined. */
    byte[] reserve(int size) {
        if (bytes.length < size) {
            bytes = new byte[size];
        }
        return bytes;
    }

    /** Copies {@code src}'s remaining bytes to the start of the array; {@code src}'s position is left as it was. */
    byte[] take(ByteBuffer src) {
        byte[] b = reserve(src.remaining());
        int position = src.position();
        try {
            src.get(b, 0, src.remaining());
        } finally {
            src.position(position);
        }
        return b;
    }

    /** Copies the array's first {@code length} bytes to {@code dst} at its position, which is left as it was. */
    void copyTo(ByteBuffer dst, int length) {
        int position = dst.position();
        try {
            dst.put(bytes, 0, length);
        } finally {
            dst.position(position);
        }
    }

    void trim() {
        if (bytes.length > NativeBuffer.RETAINED_BYTES) {
            bytes = EMPTY;
        }
    }
}
