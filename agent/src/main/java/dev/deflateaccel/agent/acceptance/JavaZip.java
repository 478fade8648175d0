package dev.deflateaccel.agent.acceptance;

import dev.deflateaccel.bridge.engine.DeflateBound;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The reference side of every cross-decoding check: plain java.util.zip, used the way stock
 * Cassandra's DeflateCompressor uses it. Whatever an engine writes must read back here, and
 * whatever is written here the engine must read, because a node with the agent and one without
 * share the same SSTables.
 */
final class JavaZip {
    private JavaZip() {
    }

    /**
     * The output buffer stock Cassandra gives a compressor: DeflateCompressor's
     * initialCompressedBufferLength, which is zlib's deflateBound. Engines get exactly this much,
     * no slack.
     */
    static int cassandraBound(int length) {
        return DeflateBound.of(length);
    }

    /** What stock DeflateCompressor writes: a zlib-wrapped stream from {@code new Deflater()} (level 6). */
    static byte[] cassandraStream(byte[] data) {
        return deflate(data, Deflater.DEFAULT_COMPRESSION);
    }

    /** A zlib-wrapped stream at {@code level}. */
    static byte[] deflate(byte[] data, int level) {
        Deflater d = new Deflater(level);
        try {
            d.setInput(data);
            d.finish();
            // Level 0 stores, so room for the input plus block headers; the loop never runs twice in practice.
            byte[] out = new byte[cassandraBound(data.length) + 64];
            int n = 0;
            while (!d.finished()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                n += d.deflate(out, n, out.length - n);
            }
            return Arrays.copyOf(out, n);
        } finally {
            d.end();
        }
    }

    /** What plain Inflater makes of {@code stream}: the bytes of a complete stream, or null when it rejects it. */
    static byte[] inflate(byte[] stream, int maxLength) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(stream);
            byte[] out = new byte[maxLength + 1];
            int n = inf.inflate(out);
            return inf.finished() ? Arrays.copyOf(out, n) : null;
        } catch (DataFormatException e) {
            return null;
        } finally {
            inf.end();
        }
    }

    /**
     * Null when Inflater reads {@code stream} back to exactly {@code expected}, with no bytes left
     * over; otherwise what is wrong. Left-over bytes matter: a second stream after the first
     * (QAT's chunked output) is silently ignored by Cassandra's Inflater, losing its data.
     */
    static String mismatch(byte[] stream, byte[] expected) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(stream);
            byte[] out = new byte[expected.length + 1];
            int n = inf.inflate(out);
            if (!inf.finished()) {
                return "java.util.zip finds the stream incomplete (" + n + " bytes decoded)";
            }
            if (inf.getRemaining() != 0) {
                return inf.getRemaining() + " bytes follow the end of the stream";
            }
            return Differences.between(Arrays.copyOf(out, n), expected);
        } catch (DataFormatException e) {
            return "java.util.zip rejects the stream: " + e.getMessage();
        } finally {
            inf.end();
        }
    }
}
