package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import com.sun.jna.Pointer;

/**
 * Checks what an accelerator returned before anyone uses it. A device that reports success is
 * not proof: a truncated or corrupted chunk written into an SSTable is silent data loss, so a
 * compressed chunk is decoded on the CPU and compared with its input, and a decompressed chunk's
 * Adler-32 is compared with the stream's trailer. One per accelerator context (not thread-safe).
 */
final class AcceleratorOutputCheck {
    private final Inflater inflater = new Inflater();
    private final NativeBuffer scratch;

    AcceleratorOutputCheck(NativeMemoryMeter meter) {
        this.scratch = new NativeBuffer(meter);
    }

    /** Whether the zlib stream at {@code stream} decodes to exactly the {@code inputLength} bytes at {@code input}. */
    boolean compressedMatches(long stream, int streamLength, long input, int inputLength) {
        try {
            return decodesTo(stream, streamLength, input, inputLength);
        } finally {
            scratch.trim();
        }
    }

    private boolean decodesTo(long stream, int streamLength, long input, int inputLength) {
        long out = scratch.reserve(inputLength + 1);
        if (out == 0) {
            return false; // no memory to check with: the output is not used
        }
        ByteBuffer decoded = new Pointer(out).getByteBuffer(0, inputLength + 1);
        inflater.reset();
        inflater.setInput(new Pointer(stream).getByteBuffer(0, streamLength));
        try {
            int n = inflater.inflate(decoded);
            if (!inflater.finished() || n != inputLength) {
                return false;
            }
        } catch (DataFormatException e) {
            return false;
        }
        decoded.flip();
        return decoded.equals(new Pointer(input).getByteBuffer(0, inputLength));
    }

    /**
     * Whether the Adler-32 of {@code length} bytes at {@code address} is {@code expected}. Uses
     * libdeflate's or ISA-L's SIMD Adler-32 when bound: java.util.zip's is several times slower
     * and would cost more per 16 KiB chunk than IAA takes to decompress it.
     */
    static boolean adler32Matches(long address, int length, int expected) {
        if (NativeBinding.isBound(LibdeflateNatives.class)) {
            return LibdeflateNatives.libdeflate_adler32(1, address, length) == expected;
        }
        if (NativeBinding.isBound(IsalNatives.class)) {
            return IsalNatives.isal_adler32(1, address, length) == expected;
        }
        Adler32 adler = new Adler32();
        adler.update(new Pointer(address).getByteBuffer(0, length));
        return (int) adler.getValue() == expected;
    }

    void free() {
        inflater.end();
        scratch.free();
    }
}
