package dev.deflateaccel.bridge.engine;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Native address of a direct ByteBuffer without allocating per call. Cassandra reads mmap'ed
 * chunks through direct buffers, so this is on the hot read path. Reads {@code Buffer.address}
 * through sun.misc.Unsafe (no --add-opens needed on JDK 11-21); where that is not possible it
 * falls back to JNA, which allocates a small Pointer per call.
 */
final class DirectBuffers {
    private static final sun.misc.Unsafe THE_UNSAFE;
    private static final long ADDRESS_OFFSET;

    static {
        sun.misc.Unsafe unsafe = null;
        long offset = -1;
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            unsafe = (sun.misc.Unsafe) f.get(null);
            offset = unsafe.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (Throwable t) {
            unsafe = null;
        }
        THE_UNSAFE = unsafe;
        ADDRESS_OFFSET = offset;
    }

    private DirectBuffers() {
    }

    /** Address of the buffer's first byte (not its position); 0 when it cannot be found. */
    static long baseAddress(ByteBuffer buffer) {
        if (THE_UNSAFE != null) {
            return THE_UNSAFE.getLong(buffer, ADDRESS_OFFSET);
        }
        Pointer p = Native.getDirectBufferPointer(buffer);
        return p == null ? 0 : Pointer.nativeValue(p);
    }
}
