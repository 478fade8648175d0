package dev.deflateaccel.agent.acceptance;

import java.nio.ByteBuffer;
import java.util.zip.Inflater;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.EngineStatus;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.bridge.engine.NativeMemoryMeter;
import dev.deflateaccel.bridge.engine.ZlibEngine;

/**
 * java.util.zip's engine with one fault of the kind a broken library or device has, so the
 * checks can be shown to catch it. Pure Java: it runs in the test JVM without native risk.
 */
final class FaultyEngine implements DeflateEngine {
    enum Fault {
        /** None: the checks must pass it. */
        NONE,
        /** Decompression returns the right length with its first byte wrong: silent data corruption. */
        FLIPS_DECOMPRESSED_BYTE,
        /** When the output does not fit, writes one byte just past the region before declining. */
        WRITES_PAST_A_TOO_SMALL_REGION,
        /** A truncated or corrupt stream returns what could be decoded (stock Inflater's habit), as if complete. */
        RETURNS_PARTIAL_DATA,
        /** Every call declines as if the device were always busy. */
        ALWAYS_BUSY
    }

    private final ZlibEngine zlib = new ZlibEngine(4);
    private final Fault fault;

    FaultyEngine(Fault fault) {
        this.fault = fault;
    }

    @Override
    public String name() {
        return "faulty-" + fault;
    }

    @Override
    public EngineStatus status() {
        return EngineStatus.available("test engine with fault " + fault);
    }

    @Override
    public int compress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (fault == Fault.ALWAYS_BUSY) {
            return FallbackReason.DEVICE_BUSY.code();
        }
        return pastTheEnd(zlib.compress(in, inOffset, inLength, out, outOffset, outLength), out, outOffset + outLength);
    }

    @Override
    public int compress(ByteBuffer in, ByteBuffer out) {
        if (fault == Fault.ALWAYS_BUSY) {
            return FallbackReason.DEVICE_BUSY.code();
        }
        return pastTheEnd(zlib.compress(in, out), out);
    }

    @Override
    public int decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        if (fault == Fault.ALWAYS_BUSY) {
            return FallbackReason.DEVICE_BUSY.code();
        }
        int n = zlib.decompress(in, inOffset, inLength, out, outOffset, outLength);
        if (n > 0 && fault == Fault.FLIPS_DECOMPRESSED_BYTE) {
            out[outOffset] ^= 1;
        }
        if (n == FallbackReason.CORRUPT_INPUT.code() && fault == Fault.RETURNS_PARTIAL_DATA) {
            return partial(in, inOffset, inLength, out, outOffset, outLength);
        }
        return pastTheEnd(n, out, outOffset + outLength);
    }

    @Override
    public int decompress(ByteBuffer in, ByteBuffer out) {
        if (fault == Fault.ALWAYS_BUSY) {
            return FallbackReason.DEVICE_BUSY.code();
        }
        int n = zlib.decompress(in, out);
        if (n > 0 && fault == Fault.FLIPS_DECOMPRESSED_BYTE) {
            out.put(out.position(), (byte) (out.get(out.position()) ^ 1));
        }
        if (n == FallbackReason.CORRUPT_INPUT.code() && fault == Fault.RETURNS_PARTIAL_DATA) {
            byte[] stream = new byte[in.remaining()];
            in.duplicate().get(stream);
            byte[] decoded = new byte[out.remaining()];
            int m = partial(stream, 0, stream.length, decoded, 0, decoded.length);
            out.duplicate().put(decoded, 0, m);
            return m;
        }
        return pastTheEnd(n, out);
    }

    private static int partial(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(in, inOffset, inLength);
            return inf.inflate(out, outOffset, outLength);
        } catch (java.util.zip.DataFormatException e) {
            return 0;
        } finally {
            inf.end();
        }
    }

    private int pastTheEnd(int n, byte[] out, int end) {
        if (fault == Fault.WRITES_PAST_A_TOO_SMALL_REGION && n == FallbackReason.OUTPUT_TOO_SMALL.code() && end < out.length) {
            out[end] = 0x42;
        }
        return n;
    }

    private int pastTheEnd(int n, ByteBuffer out) {
        if (fault == Fault.WRITES_PAST_A_TOO_SMALL_REGION && n == FallbackReason.OUTPUT_TOO_SMALL.code()
                && out.limit() < out.capacity()) {
            ByteBuffer whole = out.duplicate();
            whole.limit(out.capacity());
            whole.put(out.limit(), (byte) 0x42);
        }
        return n;
    }

    @Override
    public NativeMemoryMeter nativeMemory(boolean compress) {
        return zlib.nativeMemory(compress);
    }

    @Override
    public long nativeBytesBound(boolean compress) {
        return zlib.nativeBytesBound(compress);
    }

    @Override
    public void close() {
        zlib.close();
    }
}
