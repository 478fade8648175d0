package dev.deflateaccel.bridge.engine;

/**
 * zlib's {@code deflateBound} for its default window and memLevel (15 and 8): the most a one-shot
 * zlib stream of {@code length} bytes can take, and exactly the output room Cassandra's
 * DeflateCompressor gives a chunk ({@code initialCompressedBufferLength}). The one bound every
 * engine, staging size and acceptance check here uses.
 */
public final class DeflateBound {
    private DeflateBound() {
    }

    public static int of(int length) {
        return length + (length >>> 12) + (length >>> 14) + (length >>> 25) + 13;
    }
}
