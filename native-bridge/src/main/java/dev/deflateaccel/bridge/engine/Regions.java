package dev.deflateaccel.bridge.engine;

/**
 * The argument contract of every array call: a region that does not lie inside its array is
 * never handed to native code or to java.util.zip. The caller then declines the call, and
 * Cassandra's own code throws exactly what stock Cassandra throws for it.
 */
public final class Regions {
    private Regions() {
    }

    /**
     * Whether {@code [offset, offset + length)} lies inside {@code array}. Overflow-safe: it never
     * computes {@code offset + length}, which wraps past {@code Integer.MAX_VALUE}.
     */
    public static boolean fits(byte[] array, int offset, int length) {
        return array != null && offset >= 0 && length >= 0 && offset <= array.length - length;
    }

    /** Both regions of a one-shot call fit their arrays. */
    public static boolean fit(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        return fits(in, inOffset, inLength) && fits(out, outOffset, outLength);
    }
}
