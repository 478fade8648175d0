package dev.deflateaccel.bridge;

import java.nio.ByteBuffer;

import dev.deflateaccel.bridge.engine.Region;

/**
 * The two regions of the call a thread is making, reused call after call so that routing a
 * chunk allocates nothing: one pair per thread that ever calls the bridge (Cassandra's read,
 * compaction, flush and streaming threads), a few dozen bytes each. A thread makes one call at a
 * time and no engine calls back into the bridge, so the pair is never in use twice.
 */
final class CallRegions {
    private static final ThreadLocal<CallRegions> PER_THREAD = ThreadLocal.withInitial(CallRegions::new);

    final Region in = new Region();
    final Region out = new Region();

    private CallRegions() {
    }

    /** This thread's regions, set to two array regions. */
    static CallRegions arrays(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        CallRegions call = PER_THREAD.get();
        call.in.of(in, inOffset, inLength);
        call.out.of(out, outOffset, outLength);
        return call;
    }

    /** This thread's regions, set to two buffers' remaining bytes. */
    static CallRegions buffers(ByteBuffer in, ByteBuffer out) {
        CallRegions call = PER_THREAD.get();
        call.in.of(in);
        call.out.of(out);
        return call;
    }

    /** Lets go of the caller's arrays or buffers when the call returns. */
    void clear() {
        in.clear();
        out.clear();
    }
}
