package dev.deflateaccel.agent;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Map;

/**
 * Every compress/uncompress entry point of a real org.apache.cassandra.io.compress.DeflateCompressor,
 * called reflectively because each Cassandra version lives in its own class loader.
 */
final class DeflateCompressorCalls {
    private final Object compressor;
    private final Method compress;
    private final Method compressArray;
    private final Method compressBuffer;
    private final Method uncompress;
    private final Method uncompressBuffer;
    private final Method uncompress5;
    private final Method uncompress6;
    private final Method initialCompressedBufferLength;

    DeflateCompressorCalls(ClassLoader loader) throws ReflectiveOperationException {
        Class<?> c = Class.forName("org.apache.cassandra.io.compress.DeflateCompressor", true, loader);
        compressor = c.getMethod("create", Map.class).invoke(null, Collections.emptyMap());
        compress = c.getMethod("compress", ByteBuffer.class, ByteBuffer.class);
        compressArray = c.getMethod("compressArray", byte[].class, int.class, int.class, byte[].class, int.class, int.class);
        compressBuffer = c.getMethod("compressBuffer", ByteBuffer.class, ByteBuffer.class);
        uncompress = c.getMethod("uncompress", ByteBuffer.class, ByteBuffer.class);
        uncompressBuffer = c.getMethod("uncompressBuffer", ByteBuffer.class, ByteBuffer.class);
        uncompress5 = c.getMethod("uncompress", byte[].class, int.class, int.class, byte[].class, int.class);
        uncompress6 = c.getMethod("uncompress", byte[].class, int.class, int.class, byte[].class, int.class, int.class);
        initialCompressedBufferLength = c.getMethod("initialCompressedBufferLength", int.class);
    }

    int initialCompressedBufferLength(int chunk) throws IOException {
        return (Integer) call(initialCompressedBufferLength, chunk);
    }

    void compress(ByteBuffer in, ByteBuffer out) throws IOException {
        call(compress, in, out);
    }

    int compressArray(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut) throws IOException {
        return (Integer) call(compressArray, in, inOff, inLen, out, outOff, maxOut);
    }

    void compressBuffer(ByteBuffer in, ByteBuffer out) throws IOException {
        call(compressBuffer, in, out);
    }

    void uncompress(ByteBuffer in, ByteBuffer out) throws IOException {
        call(uncompress, in, out);
    }

    void uncompressBuffer(ByteBuffer in, ByteBuffer out) throws IOException {
        call(uncompressBuffer, in, out);
    }

    int uncompress(byte[] in, int inOff, int inLen, byte[] out, int outOff) throws IOException {
        return (Integer) call(uncompress5, in, inOff, inLen, out, outOff);
    }

    int uncompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut) throws IOException {
        return (Integer) call(uncompress6, in, inOff, inLen, out, outOff, maxOut);
    }

    /** Unwraps what the method threw, so tests see Cassandra's own IOException. */
    private Object call(Method m, Object... args) throws IOException {
        try {
            return m.invoke(compressor, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw (IOException) cause;
            }
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
