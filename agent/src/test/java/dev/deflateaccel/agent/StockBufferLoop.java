package dev.deflateaccel.agent;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Predicts when stock {@code DeflateCompressor.uncompressBuffer} (also reached by
 * {@code uncompress(ByteBuffer, ByteBuffer)} when a buffer has no array) never returns, so that
 * the tests do not call it then. Its loop is {@code while (!inf.needsInput()) { n = inf.inflate(...);
 * output.put(..., n); }} over its scratch-buffer chunks: once the Inflater has finished the
 * stream, or stopped for a preset dictionary, with input left over, {@code needsInput()} stays
 * false and {@code inflate} keeps returning 0: a busy loop, in every Cassandra version tested.
 *
 * <p>The loop only ends early by an exception: DataFormatException (the same wherever the input
 * is cut into chunks, since zlib reads sequentially) or BufferOverflowException once the output
 * produced exceeds the buffer's room. So it never returns exactly when the stream finishes (or
 * needs a dictionary) with input left and its output fits; the chunk size does not matter.
 */
final class StockBufferLoop {
    private StockBufferLoop() {
    }

    static boolean wouldNeverReturn(byte[] input, int outputRoom) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(input);
            byte[] scratch = new byte[64 * 1024];
            long produced = 0;
            int remainingBefore = -1;
            while (true) {
                int n = inf.inflate(scratch);
                produced += n;
                if (produced > outputRoom) {
                    return false; // BufferOverflowException first
                }
                if (inf.finished() || inf.needsDictionary()) {
                    return inf.getRemaining() > 0;
                }
                if (inf.needsInput()) {
                    return false;
                }
                if (n == 0 && inf.getRemaining() == remainingBefore) {
                    return true; // no progress at all: stock's loop would spin here too
                }
                remainingBefore = inf.getRemaining();
            }
        } catch (DataFormatException e) {
            return false;
        } finally {
            inf.end();
        }
    }
}
