package dev.deflateaccel.bridge.engine;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * A growable block of malloc'ed memory that heap arrays are staged through. The copy is on
 * purpose (JNA would copy whole arrays anyway, and could not honour an offset); it is part of
 * every measured number.
 */
final class NativeBuffer {
    /** Small allocations are rounded up so that a few chunk sizes do not cause many reallocations. */
    private static final int MIN_CAPACITY = 16 * 1024;

    private long address;
    private int capacity;
    private Pointer pointer;

    /** Address of at least {@code size} bytes; contents are undefined. */
    long reserve(int size) {
        if (size > capacity || address == 0) {
            free();
            int newCapacity = Math.max(MIN_CAPACITY, Integer.highestOneBit(Math.max(1, size - 1)) << 1);
            if (newCapacity < size) {
                newCapacity = size;
            }
            long a = Native.malloc(newCapacity);
            if (a == 0) {
                throw new OutOfMemoryError("malloc(" + newCapacity + ") failed");
            }
            address = a;
            capacity = newCapacity;
            pointer = new Pointer(a);
        }
        return address;
    }

    /** Copies {@code src[offset, offset+length)} in and returns the native address. */
    long stage(byte[] src, int offset, int length) {
        long a = reserve(length);
        if (length > 0) {
            pointer.write(0, src, offset, length);
        }
        return a;
    }

    void copyTo(byte[] dst, int offset, int length) {
        if (length > 0) {
            pointer.read(0, dst, offset, length);
        }
    }

    void free() {
        if (address != 0) {
            Native.free(address);
            address = 0;
            capacity = 0;
            pointer = null;
        }
    }
}
