package dev.deflateaccel.bridge.engine;

import java.nio.ByteBuffer;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Checks what an accelerator returned before anyone uses it. A device that reports success is
 * not proof: a truncated or corrupted chunk written into an SSTable is silent data loss, so a
 * compressed chunk is decoded on the CPU and compared with its input, and a decompressed chunk's
 * Adler-32 is compared with the stream's trailer. One per accelerator context (not thread-safe).
 *
 * <p>Allocates nothing per call: the blocks are read through the views their {@link NativeBuffer}s
 * keep, and which Adler-32 to run is decided once, here, not looked up per chunk.
 */
final class AcceleratorOutputCheck {
    private final Inflater inflater = new Inflater();
    private final BufferInflater bufferInflater = new BufferInflater();
    private final NativeBuffer scratch;
    /**
     * libdeflate's or ISA-L's SIMD Adler-32 when bound: java.util.zip's is several times slower
     * and would cost more per 16 KiB chunk than IAA takes to decompress it. The engines are
     * opened (and bound) before the first call makes a context, so the choice sees them all.
     */
    private final boolean libdeflateAdler;
    private final boolean isalAdler;
    private final Adler32 javaAdler = new Adler32();

    AcceleratorOutputCheck(NativeMemoryMeter meter) {
        this.scratch = new NativeBuffer(meter);
        this.libdeflateAdler = NativeBinding.isBound(LibdeflateNatives.class);
        this.isalAdler = !libdeflateAdler && NativeBinding.isBound(IsalNatives.class);
    }

    /** Whether the zlib stream in {@code stream}'s first bytes decodes to exactly {@code input}'s first {@code inputLength}. */
    boolean compressedMatches(NativeBuffer stream, int streamLength, NativeBuffer input, int inputLength) {
        try {
            return decodesTo(stream, streamLength, input, inputLength);
        } finally {
            scratch.trim();
            bufferInflater.trim();
        }
    }

    private boolean decodesTo(NativeBuffer stream, int streamLength, NativeBuffer input, int inputLength) {
        // One byte of room past the input, so that a stream decoding to more than it is caught.
        if (scratch.reserve(inputLength + 1) == 0) {
            return false; // no memory to check with: the output is not used
        }
        ByteBuffer decoded = scratch.contents(inputLength + 1);
        inflater.reset();
        try {
            int n = bufferInflater.inflate(inflater, stream.contents(streamLength), decoded);
            if (!inflater.finished() || n != inputLength) {
                return false;
            }
        } catch (DataFormatException e) {
            return false;
        }
        decoded.flip();
        return decoded.equals(input.contents(inputLength));
    }

    /** Whether the Adler-32 of {@code data}'s first {@code length} bytes is {@code expected}. */
    boolean adler32Matches(NativeBuffer data, int length, int expected) {
        if (libdeflateAdler) {
            return LibdeflateNatives.libdeflate_adler32(1, data.address(), length) == expected;
        }
        if (isalAdler) {
            return IsalNatives.isal_adler32(1, data.address(), length) == expected;
        }
        javaAdler.reset();
        javaAdler.update(data.contents(length));
        return (int) javaAdler.getValue() == expected;
    }

    void free() {
        inflater.end();
        scratch.free();
    }
}
