package dev.deflateaccel.agent.acceptance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.sample.RowBytes;

/**
 * What the engine must refuse: corrupt streams (a truncated chunk, a flipped byte in the header,
 * the body or the Adler-32) and output regions too small for the result. Refusing is safe, since
 * the call goes to the next engine and finally to Cassandra's own code, which then does what it
 * always did; returning wrong bytes, or writing past the region, is silent data loss.
 */
final class RefusalChecks {
    static final String CORRUPT_REFUSED = "corrupt-refused";
    static final String OUTPUT_BOUNDS = "output-bounds";

    /** Cassandra's default chunk. */
    private static final int CHUNK = 16 << 10;
    /** Body positions flipped at random, on top of the fixed ones; seeded, so every host sees the same streams. */
    private static final int RANDOM_FLIPS = 4;

    private final DeflateEngine engine;
    private final CheckResult corrupt = new CheckResult(CORRUPT_REFUSED, false, "refused (or read exactly as java.util.zip reads them)");
    private final CheckResult bounds = new CheckResult(OUTPUT_BOUNDS, false, "handled without a byte written outside the region");

    private RefusalChecks(DeflateEngine engine) {
        this.engine = engine;
    }

    static List<CheckResult> run(DeflateEngine engine) {
        RefusalChecks c = new RefusalChecks(engine);
        byte[] data = RowBytes.generate(CHUNK, 20261201L);
        byte[] stock = JavaZip.cassandraStream(data);
        byte[] own = c.ownStream(data);
        for (BufferKind kind : BufferKind.values()) {
            c.corruptStreams(stock, data, kind, kind + " Cassandra's stream");
            // The engine's own stream too: IAA declines stock's 32 KiB-window streams before
            // decoding anything, so only its own show how it handles corruption.
            if (own != null && !Arrays.equals(own, stock)) {
                c.corruptStreams(own, data, kind, kind + " its own stream");
            }
            c.tooSmallForCompress(data, own != null ? own.length : stock.length, kind);
            c.tooSmallForDecompress(own != null ? own : stock, data.length, kind);
        }
        return Collections.unmodifiableList(Arrays.asList(c.corrupt, c.bounds));
    }

    /** The engine's stream of {@code data} if it compresses it correctly; the cross-decoding checks report when not. */
    private byte[] ownStream(byte[] data) {
        GuardedCall call = GuardedCall.compress(engine, BufferKind.HEAP, data, JavaZip.cassandraBound(data.length));
        return call.damage == null && call.code >= 0 && JavaZip.mismatch(call.output, data) == null ? call.output : null;
    }

    private void corruptStreams(byte[] stream, byte[] data, BufferKind kind, String what) {
        for (Variant v : variants(stream)) {
            String where = what + ", " + v.label;
            GuardedCall call = GuardedCall.decompress(engine, kind, v.bytes, data.length);
            if (call.damage != null) {
                corrupt.failed(where, call.damage);
            } else if (call.code < 0) {
                corrupt.passed();
            } else {
                // A flip zlib itself reads (none here, in practice: Adler-32 catches them) is no
                // corruption; anything else decoded is wrong data returned as good.
                byte[] zlib = JavaZip.inflate(v.bytes, data.length);
                if (zlib == null) {
                    corrupt.failed(where, "decoded " + call.code + " bytes from a stream java.util.zip rejects");
                } else if (Differences.between(call.output, zlib) != null) {
                    corrupt.failed(where, "decoded other bytes than java.util.zip: " + Differences.between(call.output, zlib));
                } else {
                    corrupt.passed();
                }
            }
        }
    }

    /**
     * Too small for the stream the engine writes (it did not fit the engine's own output length
     * minus one, so none of these can hold it unless the engine finds a shorter valid encoding,
     * which is then checked like any other output).
     */
    private void tooSmallForCompress(byte[] data, int streamLength, BufferKind kind) {
        for (int capacity : tooSmall(streamLength)) {
            String where = kind + " compress of " + data.length + " bytes into " + capacity;
            GuardedCall call = GuardedCall.compress(engine, kind, data, capacity);
            if (call.damage != null) {
                bounds.failed(where, call.damage);
            } else if (call.code < 0) {
                bounds.passed();
            } else if (JavaZip.mismatch(call.output, data) != null) {
                bounds.failed(where, "returned a stream that does not decode: " + JavaZip.mismatch(call.output, data));
            } else {
                bounds.passed();
            }
        }
    }

    /** Decompressed data cannot fit in fewer bytes than it has: any result there is wrong. */
    private void tooSmallForDecompress(byte[] stream, int length, BufferKind kind) {
        for (int capacity : tooSmall(length)) {
            String where = kind + " decompress of " + length + " bytes into " + capacity;
            GuardedCall call = GuardedCall.decompress(engine, kind, stream, capacity);
            if (call.damage != null) {
                bounds.failed(where, call.damage);
            } else if (call.code >= 0) {
                bounds.failed(where, "claimed success with " + call.code + " bytes");
            } else {
                bounds.passed();
            }
        }
    }

    private static int[] tooSmall(int needed) {
        return new int[] {0, 1, needed / 2, needed - 1};
    }

    /** Truncations and byte flips of {@code stream}, each named by where it was cut or flipped. */
    static List<Variant> variants(byte[] stream) {
        List<Variant> v = new ArrayList<>();
        int n = stream.length;
        for (int cut : new int[] {0, 1, 2, 6, n / 2, n - 4, n - 1}) {
            v.add(new Variant("truncated to " + cut + " of " + n + " bytes", Arrays.copyOf(stream, cut)));
        }
        v.add(flipped(stream, 0, 0xff, "header byte 0 (CMF) flipped"));
        v.add(flipped(stream, 1, 0xff, "header byte 1 (FLG) flipped"));
        for (int i = 0; i < 4; i++) {
            v.add(flipped(stream, n - 4 + i, 0xff, "Adler-32 byte " + i + " flipped"));
        }
        v.add(flipped(stream, 2, 0xff, "first body byte flipped"));
        v.add(flipped(stream, n / 2, 0xff, "middle body byte flipped"));
        v.add(flipped(stream, n - 5, 0xff, "last body byte flipped"));
        Random r = new Random(n);
        for (int i = 0; i < RANDOM_FLIPS; i++) {
            int at = 2 + r.nextInt(n - 6);
            v.add(flipped(stream, at, 1 + r.nextInt(255), "body byte " + at + " changed"));
        }
        return v;
    }

    private static Variant flipped(byte[] stream, int at, int mask, String label) {
        byte[] b = stream.clone();
        b[at] ^= (byte) mask;
        return new Variant(label, b);
    }

    static final class Variant {
        final String label;
        final byte[] bytes;

        Variant(String label, byte[] bytes) {
            this.label = label;
            this.bytes = bytes;
        }
    }
}
