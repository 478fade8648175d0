package dev.deflateaccel.agent;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * What a DeflateCompressor call did, as one line of text, so that a stock run and a woven run
 * compare with {@code equals}. Everything stock makes observable goes in: the return value, the
 * whole output array or buffer (bytes outside the written region included, so a stray write
 * shows), the input's bytes (so a write into the input shows), buffer positions and limits, or
 * the exception's class and its cause's class.
 *
 * <p>Compression is the one place where woven and stock legitimately differ: another engine
 * writes other, equally valid bytes. For compression the line therefore says what the written
 * stream decodes to (with java.util.zip, exactly one complete stream), never its bytes or
 * length, plus the bytes outside the written region.
 */
final class CallOutcome {
    private CallOutcome() {
    }

    /** A call that describes its own result; anything it throws is described instead. */
    interface Call {
        String run() throws Throwable;
    }

    static String of(Call call) {
        try {
            return call.run();
        } catch (Throwable t) {
            return thrown(t);
        }
    }

    static String thrown(Throwable t) {
        Throwable cause = t.getCause();
        return "threw " + t.getClass().getName() + (cause == null ? "" : "(" + cause.getClass().getName() + ")");
    }

    // ---- decompression: everything is deterministic, so everything is compared ----

    static String uncompressedArray(int returned, byte[] in, byte[] out) {
        return "returned " + returned + " out=" + crc(out) + " in=" + crc(in);
    }

    static String uncompressedBuffers(ByteBuffer in, ByteBuffer out) {
        return "in.position=" + in.position() + " in.limit=" + in.limit()
                + " out.position=" + out.position() + " out.limit=" + out.limit()
                + " out=" + crc(contents(out)) + " in=" + crc(contents(in));
    }

    // ---- compression: what the stream decodes to, and that nothing else was touched ----

    /** {@code before}: the output array's content before the call; {@code limit}: outOffset + maxOutputLength. */
    static String compressedArray(int returned, byte[] in, byte[] out, int outOffset, int limit, byte[] before) {
        if (returned == 0) {
            return "returned 0 (wrote nothing) out=" + crc(out) + " in=" + crc(in);
        }
        if (returned < 0 || outOffset < 0 || outOffset + returned > out.length || outOffset + returned < 0) {
            return "returned " + returned + ", outside the output array";
        }
        return "returned " + decodes(Arrays.copyOfRange(out, outOffset, outOffset + returned))
                + ", " + untouchedOutside(before, out, outOffset, outOffset + returned, limit) + " in=" + crc(in);
    }

    /** {@code outStart}: out's position before the call; {@code before}: its whole content before the call. */
    static String compressedBuffers(ByteBuffer in, ByteBuffer out, int outStart, byte[] before) {
        byte[] all = contents(out);
        int end = out.position();
        String written = end == outStart ? "nothing written"
                : end < outStart ? "out.position moved back to " + end
                : decodes(Arrays.copyOfRange(all, outStart, end));
        return "in.position=" + in.position() + " in.limit=" + in.limit() + " out.limit=" + out.limit() + " "
                + written + ", " + untouchedOutside(before, all, outStart, Math.max(outStart, end), out.limit())
                + " in=" + crc(contents(in));
    }

    /**
     * Whether every byte of {@code after} outside [from, to) still holds its value from
     * {@code before}; {@code limit} is the end of the region the call was given. (A compressed
     * stream's length differs between engines, so the bytes outside it cannot be compared by hash.)
     */
    static String untouchedOutside(byte[] before, byte[] after, int from, int to, int limit) {
        for (int i = 0; i < after.length; i++) {
            if ((i < from || i >= to) && before[i] != after[i]) {
                return i < from ? "a byte before the stream changed"
                        : i < limit ? "a byte between the end of the stream and the output's limit changed"
                        : "a byte past the output's limit changed";
            }
        }
        return "nothing else changed";
    }

    /** What java.util.zip makes of a written stream: its content, or why it is not one complete stream. */
    static String decodes(byte[] stream) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(stream);
            byte[] buf = new byte[Math.max(1024, stream.length * 4)];
            int n = 0;
            while (!inf.finished()) {
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                int k = inf.inflate(buf, n, buf.length - n);
                n += k;
                if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    return "a stream that is not complete (" + stream.length + " bytes)";
                }
            }
            if (inf.getRemaining() != 0) {
                return "a stream followed by " + inf.getRemaining() + " extra bytes";
            }
            return "a zlib stream of " + n + " bytes, crc " + crc(Arrays.copyOf(buf, n));
        } catch (DataFormatException e) {
            return "a stream java.util.zip rejects (" + e.getMessage() + ")";
        } finally {
            inf.end();
        }
    }

    // ---- helpers ----

    /** The whole buffer, capacity and all, whatever its position and limit. */
    static byte[] contents(ByteBuffer b) {
        ByteBuffer d = b.duplicate();
        d.clear();
        byte[] bytes = new byte[d.remaining()];
        d.get(bytes);
        return bytes;
    }

    static String crc(byte[] b) {
        if (b == null) {
            return "null";
        }
        CRC32 c = new CRC32();
        c.update(b);
        return b.length + ":" + Long.toHexString(c.getValue());
    }

}
