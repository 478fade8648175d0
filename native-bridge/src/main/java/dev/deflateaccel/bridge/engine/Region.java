package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

/**
 * One side of a call: a region of a heap array, or a buffer's remaining bytes (direct, a file
 * mapping, or heap). It replaces the array/offset/buffer/length quartets, one of them null, that
 * the routing loop and the engines used to pass along.
 *
 * <p>Mutable, so that a caller can reuse one pair per thread and the per-chunk path allocates
 * nothing (escape analysis cannot be relied on: the routing loop calls several engines through
 * one interface call site). An engine reads it during the call and never keeps it.
 */
public final class Region {
    private byte[] array;
    private int offset;
    private ByteBuffer buffer;
    private int length;

    /** This region is now {@code array[offset, offset + length)}, which may not fit the array: see {@link #fits()}. */
    public Region of(byte[] array, int offset, int length) {
        this.array = array;
        this.offset = offset;
        this.buffer = null;
        this.length = length;
        return this;
    }

    /** This region is now {@code buffer}'s bytes from its position to its limit, as they are now. */
    public Region of(ByteBuffer buffer) {
        this.array = null;
        this.offset = 0;
        this.buffer = buffer;
        this.length = buffer.remaining();
        return this;
    }

    /** Lets go of the caller's array or buffer, so that a region kept for reuse holds no chunk alive. */
    public void clear() {
        array = null;
        buffer = null;
        offset = 0;
        length = 0;
    }

    public boolean isBuffer() {
        return buffer != null;
    }

    /** The array of an array region (null for a buffer). */
    public byte[] array() {
        return array;
    }

    /** Where an array region starts in its array (0 for a buffer). */
    public int offset() {
        return offset;
    }

    /** The buffer of a buffer region (null for an array). */
    public ByteBuffer buffer() {
        return buffer;
    }

    public int length() {
        return length;
    }

    /** Whether an array region lies inside its array (a buffer's remaining bytes always do). */
    public boolean fits() {
        return buffer != null || Regions.fits(array, offset, length);
    }

    /**
     * The region's byte at {@code index} (0 is its first), for the zlib header and trailer. A
     * buffer is read with an absolute get: a fault in a file mapping raises InternalError here, as
     * in stock's own copy.
     */
    int byteAt(int index) {
        return buffer != null ? buffer.get(buffer.position() + index) & 0xFF : array[offset + index] & 0xFF;
    }
}
