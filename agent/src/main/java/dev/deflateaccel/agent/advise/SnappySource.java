package dev.deflateaccel.agent.advise;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** Cassandra's SnappyCompressor on the node's snappy-java: a chunk is one raw Snappy block. */
final class SnappySource implements SourceCodec {
    /** (byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) int, both ways. */
    private static final MethodType ARRAY_CALL = MethodType.methodType(int.class, byte[].class, int.class, int.class,
            byte[].class, int.class);

    private final MethodHandle compress;
    private final MethodHandle uncompress;
    private final MethodHandle maxCompressedLength;
    private final String describe;

    SnappySource(NodeLibraries libraries) throws AdviseException {
        Class<?> snappy = libraries.load("snappy-java", "org.xerial.snappy.Snappy", "SnappyCompressor");
        try {
            compress = NodeCalls.bound(snappy.getMethod("compress", ARRAY_CALL.parameterArray()), null, ARRAY_CALL);
            uncompress = NodeCalls.bound(snappy.getMethod("uncompress", ARRAY_CALL.parameterArray()), null, ARRAY_CALL);
            maxCompressedLength = NodeCalls.bound(snappy.getMethod("maxCompressedLength", int.class), null,
                    MethodType.methodType(int.class, int.class));
            int loaded = (int) maxCompressedLength.invokeExact(1); // loads the native library now
            describe = "SnappyCompressor (snappy-java from " + libraries.dir() + ")";
        } catch (Throwable e) {
            throw new AdviseException("cannot use snappy-java from " + libraries.dir() + ": " + e);
        }
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws Exception {
        int n;
        try {
            n = (int) uncompress.invokeExact(in, 0, length, out, 0);
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
        if (n != out.length) {
            throw new IllegalArgumentException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) throws Exception {
        try {
            return (int) compress.invokeExact(in, 0, in.length, out, 0);
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
    }

    @Override
    public int bound(int length) {
        try {
            return (int) maxCompressedLength.invokeExact(length);
        } catch (Throwable t) {
            return 32 + length + length / 6;
        }
    }
}
