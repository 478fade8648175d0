package dev.deflateaccel.agent.advise;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;

/**
 * Cassandra's LZ4Compressor on the node's lz4-java: a chunk is the uncompressed length as 4
 * little-endian bytes, then one LZ4 block. Compresses with the table's
 * {@code lz4_compressor_type} (fast, or high at {@code lz4_high_compressor_level}, default 9);
 * decompresses with lz4-java's safe decompressor, as Cassandra 4.0 to 6.0 do. Timed through
 * lz4-java's JNI code, which is what the node runs; where that cannot load here, through its Java
 * code, said as such, and the table is then given no advice to move (it would be measured slower
 * than the node runs it).
 */
final class Lz4Source implements SourceCodec {
    /** (byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen) int, bound to the codec. */
    private final MethodHandle compress;
    private final MethodHandle decompress;
    /** (int length) int. */
    private final MethodHandle maxCompressedLength;
    private final String describe;
    private static final MethodType ARRAY_CALL = MethodType.methodType(int.class, byte[].class, int.class, int.class,
            byte[].class, int.class, int.class);
    /** Null when the JNI code was measured; else why the Java code was, and what that means. */
    private final String notAsTheNodeRunsIt;

    Lz4Source(NodeLibraries libraries, Map<String, String> options) throws AdviseException {
        Class<?> factoryClass = libraries.load("lz4", "net.jpountz.lz4.LZ4Factory", "LZ4Compressor");
        boolean high = isHigh(options.get("lz4_compressor_type"));
        int level = high ? highLevel(options.get("lz4_high_compressor_level")) : 0;
        try {
            Object factory;
            String javaCode = null;
            try {
                // Cassandra's LZ4Compressor calls fastestInstance() from the system class path, which
                // gives it the JNI instance. From this class loader fastestInstance() would give the
                // Java one, so the JNI instance is asked for by name.
                factory = factoryClass.getMethod("nativeInstance").invoke(null);
            } catch (InvocationTargetException e) {
                factory = factoryClass.getMethod("fastestJavaInstance").invoke(null);
                javaCode = "lz4-java's JNI code could not load here (" + e.getCause() + "), so its Java code ("
                        + factory + ") was measured: the node's JNI code may be faster, so this table gets no"
                        + " advice to move";
            }
            Object compressor = high ? factoryClass.getMethod("highCompressor", int.class).invoke(factory, level)
                    : factoryClass.getMethod("fastCompressor").invoke(factory);
            Object decompressor = factoryClass.getMethod("safeDecompressor").invoke(factory);
            ClassLoader loader = factoryClass.getClassLoader();
            Class<?> c = Class.forName("net.jpountz.lz4.LZ4Compressor", true, loader);
            Class<?> d = Class.forName("net.jpountz.lz4.LZ4SafeDecompressor", true, loader);
            compress = NodeCalls.bound(c.getMethod("compress", ARRAY_CALL.parameterArray()), compressor, ARRAY_CALL);
            maxCompressedLength = NodeCalls.bound(c.getMethod("maxCompressedLength", int.class), compressor,
                    MethodType.methodType(int.class, int.class));
            decompress = NodeCalls.bound(d.getMethod("decompress", ARRAY_CALL.parameterArray()), decompressor,
                    ARRAY_CALL);
            notAsTheNodeRunsIt = javaCode;
            describe = "LZ4Compressor (" + (high ? "high, level " + level : "fast") + "; lz4-java from "
                    + libraries.dir() + ", " + (javaCode == null ? "its JNI code, as the node runs it" : factory
                    + " code, not the node's JNI") + "; decompressed with the safe decompressor, as Cassandra does)";
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new AdviseException("cannot use lz4-java from " + libraries.dir() + ": " + e);
        }
    }

    /** Cassandra's own check: fast or high (case as given), nothing else. */
    private static boolean isHigh(String type) throws AdviseException {
        if (type == null || "fast".equals(type)) {
            return false;
        }
        if ("high".equals(type)) {
            return true;
        }
        throw new AdviseException("lz4_compressor_type '" + type + "' is neither fast nor high, the two Cassandra"
                + " accepts");
    }

    /** lz4_high_compressor_level, 1 to 17 as Cassandra checks it; 9 when not set. */
    private static int highLevel(String value) throws AdviseException {
        if (value == null) {
            return 9;
        }
        try {
            int level = Integer.parseInt(value.trim());
            if (level >= 1 && level <= 17) {
                return level;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new AdviseException("lz4_high_compressor_level '" + value + "' is not a level from 1 to 17");
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public String notAsTheNodeRunsIt() {
        return notAsTheNodeRunsIt;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws Exception {
        if (length < 4) {
            throw new IllegalArgumentException("an LZ4 chunk of " + length + " bytes has no length header");
        }
        int declared = (in[0] & 0xff) | (in[1] & 0xff) << 8 | (in[2] & 0xff) << 16 | (in[3] & 0xff) << 24;
        if (declared != out.length) {
            throw new IllegalArgumentException("the chunk says it holds " + declared + " bytes, not " + out.length);
        }
        int n;
        try {
            n = (int) decompress.invokeExact(in, 4, length - 4, out, 0, out.length);
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
        if (n != out.length) {
            throw new IllegalArgumentException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) throws Exception {
        out[0] = (byte) in.length;
        out[1] = (byte) (in.length >>> 8);
        out[2] = (byte) (in.length >>> 16);
        out[3] = (byte) (in.length >>> 24);
        try {
            return 4 + (int) compress.invokeExact(in, 0, in.length, out, 4, out.length - 4);
        } catch (Throwable t) {
            throw NodeCalls.asException(t);
        }
    }

    @Override
    public int bound(int length) {
        try {
            return 4 + (int) maxCompressedLength.invokeExact(length);
        } catch (Throwable t) {
            return 4 + length + length / 255 + 16;
        }
    }
}
