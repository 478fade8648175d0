package dev.deflateaccel.agent.advise;

import java.lang.reflect.Method;

/** Cassandra's SnappyCompressor on the node's snappy-java: a chunk is one raw Snappy block. */
final class SnappySource implements SourceCodec {
    private final Method compress;
    private final Method uncompress;
    private final Method maxCompressedLength;
    private final String describe;

    SnappySource(NodeLibraries libraries) throws AdviseException {
        Class<?> snappy = libraries.load("snappy-java", "org.xerial.snappy.Snappy", "SnappyCompressor");
        try {
            compress = snappy.getMethod("compress", byte[].class, int.class, int.class, byte[].class, int.class);
            uncompress = snappy.getMethod("uncompress", byte[].class, int.class, int.class, byte[].class, int.class);
            maxCompressedLength = snappy.getMethod("maxCompressedLength", int.class);
            maxCompressedLength.invoke(null, 1); // loads the native library now
            describe = "SnappyCompressor (snappy-java from " + libraries.dir() + ")";
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new AdviseException("cannot use snappy-java from " + libraries.dir() + ": " + e);
        }
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws Exception {
        int n = (Integer) Lz4Source.call(uncompress, null, in, 0, length, out, 0);
        if (n != out.length) {
            throw new IllegalArgumentException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) throws Exception {
        return (Integer) Lz4Source.call(compress, null, in, 0, in.length, out, 0);
    }

    @Override
    public int bound(int length) {
        try {
            return (Integer) Lz4Source.call(maxCompressedLength, null, length);
        } catch (Exception e) {
            return 32 + length + length / 6;
        }
    }
}
