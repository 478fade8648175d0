package dev.deflateaccel.lab.tools;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

import org.apache.cassandra.io.compress.BufferType;
import org.apache.cassandra.io.compress.ICompressor;

/**
 * A set of chunks ready to be timed through one of Cassandra's compressors, in a measuring child
 * JVM: each chunk compressed once (for the total size, and as the decompress inputs) and checked
 * to round-trip, then {@link #pass} in either direction for {@link PassTimer}.
 * Buffers are of the compressor's preferred type (heap for Deflate, as SSTable writers allocate
 * them) and each compress call gets the output room Cassandra gives a chunk,
 * {@code initialCompressedBufferLength(chunkBytes)}. The calls made are counted so the engine
 * check can compare them with what the agent served.
 */
public final class CompressorPasses {
    private final ICompressor compressor;
    private final ByteBuffer[] plain;
    private final ByteBuffer[] packed;
    private final ByteBuffer compressTarget;
    private final ByteBuffer decompressTarget;
    public final long rawBytes;
    public final long compressedBytes;
    public long compressCalls;
    public long decompressCalls;

    /** @param chunkBytes the table's chunk length; every chunk is at most this long */
    public CompressorPasses(ICompressor compressor, List<byte[]> chunks, int chunkBytes) throws IOException {
        this.compressor = compressor;
        BufferType type = compressor.preferredBufferType();
        plain = new ByteBuffer[chunks.size()];
        packed = new ByteBuffer[chunks.size()];
        compressTarget = type.allocate(compressor.initialCompressedBufferLength(chunkBytes));
        decompressTarget = type.allocate(chunkBytes);
        long raw = 0;
        long compressed = 0;
        for (int i = 0; i < plain.length; i++) {
            byte[] chunk = chunks.get(i);
            plain[i] = type.allocate(chunk.length).put(chunk);
            plain[i].flip();
            compressTarget.clear();
            compressor.compress(plain[i].duplicate(), compressTarget);
            compressCalls++;
            compressTarget.flip();
            packed[i] = type.allocate(compressTarget.remaining()).put(compressTarget);
            packed[i].flip();
            decompressTarget.clear();
            compressor.uncompress(packed[i].duplicate(), decompressTarget);
            decompressCalls++;
            decompressTarget.flip();
            if (!decompressTarget.equals(ByteBuffer.wrap(chunk))) {
                throw new IllegalStateException("round trip mismatch on chunk " + i + " of " + chunkBytes + "-byte chunks");
            }
            raw += chunk.length;
            compressed += packed[i].remaining();
        }
        rawBytes = raw;
        compressedBytes = compressed;
    }

    public int chunks() {
        return plain.length;
    }

    /** The output room each compress call gets. */
    public int compressCapacity() {
        return compressTarget.capacity();
    }

    /** The buffers one direction reads (plain chunks to compress, packed ones to decompress), for callers of their own. */
    public ByteBuffer[] inputs(boolean compress) {
        return compress ? plain : packed;
    }

    public double ratio() {
        return (double) compressedBytes / rawBytes;
    }

    /**
     * One call as Cassandra makes it: {@code in} through the compressor into {@code target}, both
     * cleared first; returns the bytes written.
     */
    public static int call(ICompressor compressor, boolean compress, ByteBuffer in, ByteBuffer target)
            throws IOException {
        in.clear();
        target.clear();
        if (compress) {
            compressor.compress(in, target);
        } else {
            compressor.uncompress(in, target);
        }
        return target.position();
    }

    /** One pass over every chunk in {@code direction}, "compress" or "decompress". */
    public PassTimer.Pass pass(String direction) {
        if (!List.of("compress", "decompress").contains(direction)) {
            throw new IllegalArgumentException("direction '" + direction + "' (compress, decompress)");
        }
        boolean compress = direction.equals("compress");
        ByteBuffer[] inputs = inputs(compress);
        ByteBuffer target = compress ? compressTarget : decompressTarget;
        return () -> {
            long out = 0;
            for (ByteBuffer in : inputs) {
                out += call(compressor, compress, in, target);
            }
            if (compress) {
                compressCalls += inputs.length;
            } else {
                decompressCalls += inputs.length;
            }
            return out;
        };
    }
}
