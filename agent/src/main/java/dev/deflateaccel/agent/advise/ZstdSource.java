package dev.deflateaccel.agent.advise;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;

/**
 * Cassandra's ZstdCompressor on the node's zstd-jni: a chunk is one Zstandard frame, written at
 * the table's {@code compression_level} (default 3).
 */
final class ZstdSource implements SourceCodec {
    private final Method compress;
    private final Method decompress;
    private final Method isError;
    private final Method errorName;
    private final Method compressBound;
    private final int level;
    private final String describe;

    ZstdSource(NodeLibraries libraries, Map<String, String> options) throws AdviseException {
        Class<?> zstd = libraries.load("zstd-jni", "com.github.luben.zstd.Zstd", "ZstdCompressor");
        try {
            level = Integer.parseInt(options.containsKey("compression_level") ? options.get("compression_level") : "3");
            compress = zstd.getMethod("compress", byte[].class, byte[].class, int.class);
            decompress = zstd.getMethod("decompress", byte[].class, byte[].class);
            isError = zstd.getMethod("isError", long.class);
            errorName = zstd.getMethod("getErrorName", long.class);
            compressBound = zstd.getMethod("compressBound", long.class);
            compressBound.invoke(null, 1L); // loads the native library now, not on the first chunk
            describe = "ZstdCompressor (level " + level + "; zstd-jni from " + libraries.dir() + ")";
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new AdviseException("cannot use zstd-jni from " + libraries.dir() + ": " + e);
        }
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws Exception {
        byte[] src = length == in.length ? in : Arrays.copyOf(in, length);
        long n = (Long) Lz4Source.call(decompress, null, out, src);
        check(n);
        if (n != out.length) {
            throw new IllegalArgumentException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) throws Exception {
        long n = (Long) Lz4Source.call(compress, null, out, in, level);
        check(n);
        return (int) n;
    }

    private void check(long code) throws Exception {
        if ((Boolean) Lz4Source.call(isError, null, code)) {
            throw new IllegalArgumentException("zstd: " + Lz4Source.call(errorName, null, code));
        }
    }

    @Override
    public int bound(int length) {
        try {
            return (int) (long) (Long) Lz4Source.call(compressBound, null, (long) length);
        } catch (Exception e) {
            return length + (length >> 7) + 1024;
        }
    }
}
