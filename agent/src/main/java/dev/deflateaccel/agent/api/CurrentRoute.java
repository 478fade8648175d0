package dev.deflateaccel.agent.api;

import java.nio.ByteBuffer;

/**
 * The static methods the advice inlined into Cassandra's DeflateCompressor calls, on the system
 * class path so that Cassandra's class loader resolves them. Each hands the call to the
 * {@link DeflateRoute} the agent installed, in one volatile read; with none installed (the agent's
 * isolated side never started, or failed before weaving: its entry point then logged it once)
 * every call answers "run Cassandra's own code". Never throws, except a VirtualMachineError.
 */
public final class CurrentRoute {
    private static volatile DeflateRoute route;

    private CurrentRoute() {
    }

    /** The agent's isolated side, once its engines are open; replaces any route before it. */
    public static void set(DeflateRoute r) {
        route = r;
    }

    public static DeflateRoute get() {
        return route;
    }

    public static int compressArray(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int maxOutputLength) {
        DeflateRoute r = route;
        return r == null ? 0 : r.compressArray(in, inOffset, inLength, out, outOffset, maxOutputLength);
    }

    public static int uncompressArray(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int maxOutputLength) {
        DeflateRoute r = route;
        return r == null ? 0 : r.uncompressArray(in, inOffset, inLength, out, outOffset, maxOutputLength);
    }

    public static boolean compressBuffer(ByteBuffer in, ByteBuffer out) {
        DeflateRoute r = route;
        return r != null && r.compressBuffer(in, out);
    }

    public static boolean uncompressBuffer(ByteBuffer in, ByteBuffer out) {
        DeflateRoute r = route;
        return r != null && r.uncompressBuffer(in, out);
    }

    public static void stockReturned() {
        DeflateRoute r = route;
        if (r != null) {
            r.stockReturned();
        }
    }

    /**
     * Byte Buddy's exception handler for the compress advice. A VirtualMachineError (InternalError
     * from a fault in a file mapping, OutOfMemoryError) is rethrown: stock Cassandra's own copy of
     * the same bytes raises the same error. Anything else is the route's to count and log, and
     * Cassandra's own body then runs on the untouched arguments.
     */
    public static void compressAdviceThrew(Throwable t) {
        if (t instanceof VirtualMachineError) {
            throw (VirtualMachineError) t;
        }
        DeflateRoute r = route;
        if (r != null) {
            r.compressAdviceThrew(t);
        }
    }

    /** As {@link #compressAdviceThrew(Throwable)}, for the decompress advice. */
    public static void decompressAdviceThrew(Throwable t) {
        if (t instanceof VirtualMachineError) {
            throw (VirtualMachineError) t;
        }
        DeflateRoute r = route;
        if (r != null) {
            r.decompressAdviceThrew(t);
        }
    }
}
