package dev.deflateaccel.agent.advise;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.Map;

/**
 * Cassandra's ZstdCompressor on the node's zstd-jni: a chunk is one Zstandard frame, written at
 * the table's {@code compression_level} (default 3), without a checksum, as Cassandra writes it.
 */
final class ZstdSource implements SourceCodec {
    /** (byte[] dst, int dstOff, int dstSize, byte[] src, int srcOff, int srcSize, int level) long. */
    private final MethodHandle compress;
    /** (byte[] dst, int dstOff, int dstSize, byte[] src, int srcOff, int srcSize) long. */
    private final MethodHandle decompress;
    private final MethodHandle isError;
    private final MethodHandle errorName;
    private final MethodHandle compressBound;
    private final int level;
    private final String describe;

    ZstdSource(NodeLibraries libraries, Map<String, String> options) throws AdviseException {
        Class<?> zstd = libraries.load("zstd-jni", "com.github.luben.zstd.Zstd", "ZstdCompressor");
        level = level(options.get("compression_level"));
        try {
            MethodType decompressType = MethodType.methodType(long.class, byte[].class, int.class, int.class, byte[].class,
                    int.class, int.class);
            MethodType compressType = decompressType.appendParameterTypes(int.class);
            compress = NodeCalls.bound(zstd.getMethod("compressByteArray", compressType.parameterArray()), null,
                    compressType);
            decompress = NodeCalls.bound(zstd.getMethod("decompressByteArray", decompressType.parameterArray()), null,
                    decompressType);
            isError = NodeCalls.bound(zstd.getMethod("isError", long.class), null,
                    MethodType.methodType(boolean.class, long.class));
            errorName = NodeCalls.bound(zstd.getMethod("getErrorName", long.class), null,
                    MethodType.methodType(String.class, long.class));
            compressBound = NodeCalls.bound(zstd.getMethod("compressBound", long.class), null,
                    MethodType.methodType(long.class, long.class));
            long loaded = (long) compressBound.invokeExact(1L); // loads the native library now, not on the first chunk
            describe = "ZstdCompressor (level " + level + "; zstd-jni from " + libraries.dir() + ")";
        } catch (Throwable e) {
            throw new AdviseException("cannot use zstd-jni from " + libraries.dir() + ": " + e);
        }
    }

    /** compression_level as Cassandra reads it: a whole number, 3 when not set. */
    private static int level(String value) throws AdviseException {
        if (value == null) {
            return 3;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new AdviseException("compression_level '" + value + "' is not a whole number");
        }
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws Exception {
        long n;
        try {
            n = (long) decompress.invokeExact(out, 0, out.length, in, 0, length);
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
        check(n);
        if (n != out.length) {
            throw new IllegalArgumentException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) throws Exception {
        long n;
        try {
            n = (long) compress.invokeExact(out, 0, out.length, in, 0, in.length, level);
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
        check(n);
        return (int) n;
    }

    private void check(long code) throws Exception {
        boolean error;
        String name;
        try {
            error = (boolean) isError.invokeExact(code);
            name = error ? (String) errorName.invokeExact(code) : null;
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
        if (error) {
            throw new IllegalArgumentException("zstd: " + name);
        }
    }

    @Override
    public int bound(int length) {
        try {
            return (int) (long) compressBound.invokeExact((long) length);
        } catch (Throwable t) {
            return length + (length >> 7) + 1024;
        }
    }
}
