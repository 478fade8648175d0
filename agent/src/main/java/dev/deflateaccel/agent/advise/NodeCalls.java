package dev.deflateaccel.agent.advise;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * Calls into the node's codec jars, which advise loads in class loaders of their own and so can
 * reach only by reflection. A method handle of the exact type, called with invokeExact, costs what
 * a direct call does; Method.invoke boxes every argument and took about 12% of lz4-java's
 * decompression of a 16 KiB chunk (some 3.5 µs), which advise would have charged to LZ4.
 */
final class NodeCalls {
    private NodeCalls() {
    }

    /** {@code m} as a handle of {@code type}, bound to {@code target} (null for a static method). */
    static MethodHandle bound(Method m, Object target, MethodType type) throws IllegalAccessException {
        MethodHandle h = MethodHandles.publicLookup().unreflect(m);
        return (target == null ? h : h.bindTo(target)).asType(type);
    }

    /** What a codec threw, as the checked exception SourceCodec's callers handle. */
    static Exception asException(Throwable t) {
        return t instanceof Exception ? (Exception) t : new Exception(t);
    }
}
