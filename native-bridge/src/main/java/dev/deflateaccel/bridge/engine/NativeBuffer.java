package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;

import com.sun.jna.Native;

/**
 * A block of malloc'ed memory that one context owns, and through which every caller byte passes.
 *
 * <p>Native code only ever sees addresses of these blocks, never a caller's array or buffer.
 * Callers' bytes come in and go out through {@link ByteBuffer} bulk get/put on a direct view of
 * the block, taken once per allocation. The JDK's bulk copy turns a fault in a caller's file
 * mapping (a truncated SSTable, an unreadable page) into the same {@link InternalError} that
 * stock Cassandra's own copy raises, where a native read of the mapping would kill the JVM
 * with SIGBUS. No caller buffer's address is ever needed, so there is no Unsafe here.
 *
 * <p>Blocks larger than {@link #RETAINED_BYTES} are freed when the call returns
 * ({@link #trim()}), so that one odd large chunk does not pin its size in every context.
 */
final class NativeBuffer {
    /** Sizes are rounded up to whole pages, so that chunk sizes that vary a little do not reallocate. */
    private static final int GRANULE = 4096;
    /**
     * What a block may keep between calls: a 64 KiB chunk's deflate bound (Cassandra's chunks are
     * 16 KiB by default, at most 64 KiB in practice), rounded to pages.
     */
    static final int RETAINED_BYTES = roundUp(DeflateBound.of(65536));

    private final NativeMemoryMeter meter;
    private long address;
    private int capacity;
    private ByteBuffer view;

    NativeBuffer(NativeMemoryMeter meter) {
        this.meter = meter;
    }

    /**
     * Address of at least {@code size} bytes (contents undefined), or 0 when malloc fails: that is
     * the agent's own shortage, so the caller declines the call instead of throwing into Cassandra.
     */
    long reserve(int size) {
        if (size > capacity || address == 0) {
            free();
            int newCapacity = roundUp(Math.max(1, size));
            long a = Native.malloc(newCapacity);
            if (a == 0) {
                return 0;
            }
            address = a;
            capacity = newCapacity;
            view = NativeView.of(a, newCapacity);
            meter.allocated(newCapacity);
        }
        return address;
    }

    /** The block's address (0 before the first reserve or after a free). */
    long address() {
        return address;
    }

    /**
     * The block's first {@code length} bytes as its own view (position 0, limit {@code length}),
     * for reading a result in place without a new view per call. Valid until the next call on
     * this buffer.
     */
    ByteBuffer contents(int length) {
        view.clear();
        view.limit(length);
        return view;
    }

    /** Copies {@code src[offset, offset+length)} in and returns the block's address (0: malloc failed). */
    long stage(byte[] src, int offset, int length) {
        long a = reserve(length);
        if (a == 0) {
            return 0;
        }
        view.clear();
        view.put(src, offset, length);
        return a;
    }

    /**
     * Copies {@code src}'s remaining bytes in and returns the block's address. {@code src}'s
     * position is left as it was, also when the copy faults. Returns 0 when malloc failed.
     */
    long stage(ByteBuffer src) {
        long a = reserve(src.remaining());
        if (a == 0) {
            return 0;
        }
        int position = src.position();
        view.clear();
        try {
            view.put(src);
        } finally {
            src.position(position);
        }
        return a;
    }

    /** Copies the region's bytes in (see the two methods below) and returns the block's address (0: malloc failed). */
    long stage(Region src) {
        return src.isBuffer() ? stage(src.buffer()) : stage(src.array(), src.offset(), src.length());
    }

    /** Copies the block's first {@code length} bytes to the start of {@code dst}, a buffer's position left as it was. */
    void copyTo(Region dst, int length) {
        if (dst.isBuffer()) {
            copyTo(dst.buffer(), length);
        } else {
            copyTo(dst.array(), dst.offset(), length);
        }
    }

    /** Copies the block's first {@code length} bytes to {@code dst[offset, offset+length)}. */
    void copyTo(byte[] dst, int offset, int length) {
        view.clear();
        view.get(dst, offset, length);
    }

    /** Copies the block's first {@code length} bytes to {@code dst} at its position, which is left as it was. */
    void copyTo(ByteBuffer dst, int length) {
        int position = dst.position();
        view.clear();
        view.limit(length);
        try {
            dst.put(view);
        } finally {
            dst.position(position);
        }
    }

    /** Frees the block if it is larger than what a context may keep between calls. */
    void trim() {
        if (capacity > RETAINED_BYTES) {
            free();
        }
    }

    void free() {
        if (address != 0) {
            view = null;
            Native.free(address);
            meter.freed(capacity);
            address = 0;
            capacity = 0;
        }
    }

    static int roundUp(int size) {
        long rounded = ((long) size + GRANULE - 1) / GRANULE * GRANULE;
        return (int) Math.min(Integer.MAX_VALUE, rounded);
    }
}
