package dev.deflateaccel.agent.acceptance;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;

/**
 * One engine call, set up as a caller would hand it over, with guard bytes on both sides of the
 * input and of the output region, and what the call left behind. The engine contract
 * ({@link DeflateEngine}) is that nothing outside the output region is written, the input is not
 * changed and no buffer position moves: in Cassandra those neighbouring bytes are other chunks
 * and other objects, so a write past the limit is silent corruption, not a crash.
 */
final class GuardedCall {
    static final byte GUARD = (byte) 0xA5;
    /** Guard bytes before and after each region; the input sits at this offset, as do output regions. */
    static final int GUARD_BYTES = 64;

    /** The engine's result: bytes written, or a negative {@link FallbackReason#code()}. */
    final int code;
    /** The bytes the call wrote, when {@code code >= 0}; else null. */
    final byte[] output;
    /** What the call damaged (or that it threw), or null. */
    final String damage;

    private GuardedCall(int code, byte[] output, String damage) {
        this.code = code;
        this.output = output;
        this.damage = damage;
    }

    static GuardedCall compress(DeflateEngine engine, BufferKind kind, byte[] input, int capacity) {
        return run(engine, true, kind, input, capacity);
    }

    static GuardedCall decompress(DeflateEngine engine, BufferKind kind, byte[] input, int capacity) {
        return run(engine, false, kind, input, capacity);
    }

    /** The reason of a negative result. */
    FallbackReason reason() {
        return FallbackReason.ofCode(code);
    }

    private static GuardedCall run(DeflateEngine engine, boolean compress, BufferKind kind, byte[] input, int capacity) {
        byte[] in = guarded(input);
        try {
            return kind == BufferKind.HEAP ? onArrays(engine, compress, in, input.length, capacity)
                    : onBuffers(engine, compress, kind, in, input.length, capacity);
        } catch (UncheckedIOException e) {
            return new GuardedCall(FallbackReason.UNEXPECTED_EXCEPTION.code(), null,
                    "not run: " + e.getMessage() + ": " + e.getCause());
        } catch (RuntimeException | LinkageError e) {
            // Engines return codes; one that throws would hand an exception to Cassandra's caller.
            return new GuardedCall(FallbackReason.UNEXPECTED_EXCEPTION.code(), null, "threw " + e);
        }
    }

    private static GuardedCall onArrays(DeflateEngine engine, boolean compress, byte[] in, int length, int capacity) {
        byte[] before = in.clone();
        byte[] out = new byte[GUARD_BYTES + capacity + GUARD_BYTES];
        Arrays.fill(out, GUARD);
        int n = compress ? engine.compress(in, GUARD_BYTES, length, out, GUARD_BYTES, capacity)
                : engine.decompress(in, GUARD_BYTES, length, out, GUARD_BYTES, capacity);
        String damage = Arrays.equals(before, in) ? null : "changed its input array";
        if (damage == null) {
            damage = guardDamage(ByteBuffer.wrap(out), capacity);
        }
        return result(n, capacity, damage, ByteBuffer.wrap(out, GUARD_BYTES, capacity));
    }

    private static GuardedCall onBuffers(DeflateEngine engine, boolean compress, BufferKind kind, byte[] in, int length,
                                         int capacity) {
        ByteBuffer inAll;
        if (kind == BufferKind.MAPPED) {
            inAll = MappedInput.map(in);
        } else {
            inAll = ByteBuffer.allocateDirect(in.length);
            inAll.put(in).clear();
        }
        ByteBuffer input = window(inAll, length);
        ByteBuffer outAll = ByteBuffer.allocateDirect(GUARD_BYTES + capacity + GUARD_BYTES);
        for (int i = 0; i < outAll.capacity(); i++) {
            outAll.put(i, GUARD);
        }
        ByteBuffer output = window(outAll, capacity);
        int n = compress ? engine.compress(input, output) : engine.decompress(input, output);
        String damage = null;
        if (input.position() != GUARD_BYTES || input.limit() != GUARD_BYTES + length
                || output.position() != GUARD_BYTES || output.limit() != GUARD_BYTES + capacity) {
            damage = "moved a buffer's position or limit (the caller moves them, on success)";
        } else if (!inAll.duplicate().clear().equals(ByteBuffer.wrap(in))) {
            damage = "changed its input buffer";
        } else {
            damage = guardDamage(outAll, capacity);
        }
        return result(n, capacity, damage, output.duplicate());
    }

    private static GuardedCall result(int n, int capacity, String damage, ByteBuffer region) {
        if (damage == null && n > capacity) {
            damage = "reported " + n + " bytes written into a region of " + capacity;
        }
        byte[] written = null;
        if (damage == null && n >= 0) {
            written = new byte[n];
            region.get(written);
        }
        return new GuardedCall(n, written, damage);
    }

    /** The input between guard bytes, as it sits in a caller's larger array or buffer. */
    private static byte[] guarded(byte[] input) {
        byte[] b = new byte[GUARD_BYTES + input.length + GUARD_BYTES];
        Arrays.fill(b, GUARD);
        System.arraycopy(input, 0, b, GUARD_BYTES, input.length);
        return b;
    }

    private static ByteBuffer window(ByteBuffer all, int length) {
        ByteBuffer w = all.duplicate();
        w.limit(GUARD_BYTES + length).position(GUARD_BYTES);
        return w;
    }

    /** Null when every guard byte around the region of {@code capacity} bytes is intact. */
    private static String guardDamage(ByteBuffer all, int capacity) {
        for (int i = 0; i < all.capacity(); i++) {
            boolean guard = i < GUARD_BYTES || i >= GUARD_BYTES + capacity;
            if (guard && all.get(i) != GUARD) {
                return i < GUARD_BYTES ? "wrote " + (GUARD_BYTES - i) + " bytes before its output region"
                        : "wrote past the end of its output region (byte " + (i - GUARD_BYTES - capacity) + " after it)";
            }
        }
        return null;
    }
}
