package dev.deflateaccel.agent.advise;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;

/** A native-bridge engine through its array entry points, the ones the agent calls for Cassandra. */
final class EngineCodec implements SourceCodec {
    /** An engine's refusal of a chunk (in Cassandra the next engine would take it). */
    static final class Declined extends Exception {
        private static final long serialVersionUID = 1L;

        Declined(String what, int code) {
            super(what + " declined: " + FallbackReason.ofCode(code));
        }
    }

    private final DeflateEngine engine;
    private final String label;

    EngineCodec(DeflateEngine engine, String label) {
        this.engine = engine;
        this.label = label;
    }

    @Override
    public String describe() {
        return label;
    }

    @Override
    public void decompress(byte[] in, int length, byte[] out) throws Exception {
        int n = engine.decompress(in, 0, length, out, 0, out.length);
        if (n < 0) {
            throw new Declined("decompress", n);
        }
        if (n != out.length) {
            throw new IllegalArgumentException("decompressed to " + n + " bytes, not " + out.length);
        }
    }

    @Override
    public int compress(byte[] in, byte[] out) throws Exception {
        int n = engine.compress(in, 0, in.length, out, 0, out.length);
        if (n < 0) {
            throw new Declined("compress", n);
        }
        return n;
    }

    @Override
    public int bound(int length) {
        return length + (length >> 3) + 64;
    }
}
