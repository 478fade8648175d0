package dev.deflateaccel.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.zip.Adler32;

import dev.deflateaccel.bridge.TestData;
import dev.deflateaccel.bridge.ThreadAllocation;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The accelerator output check on its own: it accepts only a stream that decodes to exactly the
 * input and a chunk whose Adler-32 is the trailer's, and it allocates nothing per call (it runs on
 * every accelerated chunk).
 */
class AcceleratorOutputCheckTest {
    private static final byte[] CHUNK = TestData.cassandraLikeRows(16 * 1024, 11);

    private final NativeMemoryMeter meter = new NativeMemoryMeter();
    private final AcceleratorOutputCheck check = new AcceleratorOutputCheck(meter);
    private final NativeBuffer input = new NativeBuffer(meter);
    private final NativeBuffer output = new NativeBuffer(meter);

    @AfterEach
    void free() {
        check.free();
        input.free();
        output.free();
    }

    private boolean matches(byte[] stream, byte[] original) {
        output.stage(stream, 0, stream.length);
        input.stage(original, 0, original.length);
        return check.compressedMatches(output, stream.length, input, original.length);
    }

    @Test
    void acceptsAStreamThatDecodesToTheInput() {
        assertTrue(matches(TestData.zlibCompress(CHUNK), CHUNK));
    }

    @Test
    void rejectsAValidStreamOfOtherBytesOfTheSameLength() {
        byte[] other = CHUNK.clone();
        other[other.length / 2] ^= 1;
        assertFalse(matches(TestData.zlibCompress(other), CHUNK));
    }

    @Test
    void rejectsTruncatedCorruptLongerAndShorterStreams() {
        byte[] stream = TestData.zlibCompress(CHUNK);
        assertFalse(matches(Arrays.copyOf(stream, stream.length - 5), CHUNK), "truncated");
        byte[] corrupt = stream.clone();
        corrupt[stream.length / 2] ^= 0x40;
        assertFalse(matches(corrupt, CHUNK), "corrupt");
        assertFalse(matches(TestData.zlibCompress(Arrays.copyOf(CHUNK, CHUNK.length + 1)), CHUNK), "decodes to more");
        assertFalse(matches(TestData.zlibCompress(Arrays.copyOf(CHUNK, CHUNK.length - 1)), CHUNK), "decodes to less");
    }

    @Test
    void adler32MatchesOnlyTheTrailersValue() {
        Adler32 reference = new Adler32();
        reference.update(CHUNK);
        int adler = (int) reference.getValue();
        output.stage(CHUNK, 0, CHUNK.length);
        assertTrue(check.adler32Matches(output, CHUNK.length, adler));
        assertFalse(check.adler32Matches(output, CHUNK.length, adler ^ 1));
        assertFalse(check.adler32Matches(output, CHUNK.length - 1, adler));
    }

    @Test
    void allocatesNothingPerCall() {
        byte[] stream = TestData.zlibCompress(CHUNK);
        Adler32 reference = new Adler32();
        reference.update(CHUNK);
        int adler = (int) reference.getValue();
        output.stage(stream, 0, stream.length);
        input.stage(CHUNK, 0, CHUNK.length);
        double perCall = ThreadAllocation.bytesPerCall(() -> {
            if (!check.compressedMatches(output, stream.length, input, CHUNK.length)) {
                throw new AssertionError("a good stream was rejected");
            }
            // Adler-32 of the decoded chunk, as a decompress check reads it: here the input block.
            if (!check.adler32Matches(input, CHUNK.length, adler)) {
                throw new AssertionError("a good checksum was rejected");
            }
        }, 2000);
        // One new Pointer view per call is 88 B (the check used to make three, plus three Pointers).
        assertTrue(perCall < 1, perCall + " bytes per call");
    }
}
