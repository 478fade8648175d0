package dev.deflateaccel.agent.advise;

import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Stock DeflateCompressor: java.util.zip, a {@link Deflater} at its default level (6) and an
 * {@link Inflater}, each reset per chunk. Also the reference every Deflate engine is compared with.
 */
final class DeflateSource implements SourceCodec {
    private final Deflater deflater = new Deflater();
    private final Inflater inflater = new Inflater();

    @Override
    public String describe() {
        return "java.util.zip (zlib level 6, as stock DeflateCompressor)";
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws DataFormatException {
        inflate(inflater, in, length, out);
    }

    /** Inflates exactly {@code out.length} bytes, or throws naming what is wrong. */
    static void inflate(Inflater inflater, byte[] in, int length, byte[] out) throws DataFormatException {
        inflater.reset();
        inflater.setInput(in, 0, length);
        int n = 0;
        while (n < out.length) {
            int got = inflater.inflate(out, n, out.length - n);
            if (got == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                break;
            }
            n += got;
        }
        if (n != out.length) {
            throw new DataFormatException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) {
        deflater.reset();
        deflater.setInput(in);
        deflater.finish();
        int n = 0;
        while (!deflater.finished() && n < out.length) {
            n += deflater.deflate(out, n, out.length - n);
        }
        return n;
    }

    @Override
    public int bound(int length) {
        return length + (length >> 3) + 64;
    }
}
