package dev.deflateaccel.agent.acceptance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import dev.deflateaccel.bridge.engine.DeflateEngine;
import dev.deflateaccel.bridge.engine.FallbackReason;
import dev.deflateaccel.sample.RowBytes;

/**
 * Interop, both ways, at every chunk size Cassandra allows in practice (1 KiB to 1 MiB) and from
 * every kind of buffer: what the engine writes, plain java.util.zip reads back exactly; what
 * java.util.zip writes (several levels, and exactly as stock DeflateCompressor writes it), the
 * engine reads back exactly. A node with the agent and one without share SSTables, so this is the
 * property that must hold on the host's own library and device.
 */
final class CrossDecodeChecks {
    static final String ENGINE_TO_ZLIB = "engine-to-zlib";
    static final String ENGINE_TO_ENGINE = "engine-to-engine";
    static final String ZLIB_TO_ENGINE = "zlib-to-engine";
    static final String CASSANDRA_TO_ENGINE = "cassandra-to-engine";

    /** Chunk sizes: Cassandra's chunk_length_in_kb takes powers of two; 16 KiB is its default, 64 KiB QAT's buffer. */
    static final int[] SIZES_KIB = {1, 4, 16, 64, 256, 1024};
    /** Levels other than stock's 6 that an SSTable written by another tool or setting may carry. */
    private static final int[] ZLIB_LEVELS = {1, 9};

    private final DeflateEngine engine;
    private final CheckResult toZlib = new CheckResult(ENGINE_TO_ZLIB, true, "served");
    private final CheckResult toEngine = new CheckResult(ENGINE_TO_ENGINE, true, "served");
    private final CheckResult fromZlib = new CheckResult(ZLIB_TO_ENGINE, true, "served");
    private final CheckResult fromCassandra = new CheckResult(CASSANDRA_TO_ENGINE, true, "served");

    private CrossDecodeChecks(DeflateEngine engine) {
        this.engine = engine;
    }

    static List<CheckResult> run(DeflateEngine engine) {
        CrossDecodeChecks c = new CrossDecodeChecks(engine);
        for (Sample s : Samples.ALL) {
            for (BufferKind kind : BufferKind.values()) {
                String where = kind + " " + s.label;
                byte[] own = c.compressed(s.data, kind, where);
                if (own != null) {
                    c.decompressed(own, s.data, kind, where, c.toEngine);
                }
                for (int i = 0; i < ZLIB_LEVELS.length; i++) {
                    c.decompressed(s.zlibStreams[i], s.data, kind, where + " level " + ZLIB_LEVELS[i], c.fromZlib);
                }
                c.decompressed(s.cassandraStream, s.data, kind, where, c.fromCassandra);
            }
        }
        return Collections.unmodifiableList(Arrays.asList(c.toZlib, c.toEngine, c.fromZlib, c.fromCassandra));
    }

    /** The engine's stream when it compressed {@code data} correctly into Cassandra's bound, else null. */
    private byte[] compressed(byte[] data, BufferKind kind, String where) {
        GuardedCall call = GuardedCall.compress(engine, kind, data, JavaZip.cassandraBound(data.length));
        if (call.damage != null) {
            toZlib.failed(where, call.damage);
            return null;
        }
        if (call.code < 0) {
            // A library or device error on plain input is a fault; a decline (too large for
            // the device, incompressible data over the bound, busy) is routing.
            if (call.reason().isError()) {
                toZlib.failed(where, "compress failed: " + call.reason());
            } else {
                toZlib.declined(call.reason());
            }
            return null;
        }
        String problem = JavaZip.mismatch(call.output, data);
        if (problem != null) {
            toZlib.failed(where, problem);
            return null;
        }
        toZlib.passed();
        return call.output;
    }

    /** Decompresses into exactly the original length: Cassandra's output buffer is the chunk length. */
    private void decompressed(byte[] stream, byte[] expected, BufferKind kind, String where, CheckResult check) {
        GuardedCall call = GuardedCall.decompress(engine, kind, stream, expected.length);
        if (call.damage != null) {
            check.failed(where, call.damage);
        } else if (call.code < 0) {
            // OUTPUT_TOO_SMALL into the exact length means the engine can never serve this read.
            if (call.reason().isError() || call.reason() == FallbackReason.OUTPUT_TOO_SMALL) {
                check.failed(where, "decompress of a valid stream failed: " + call.reason());
            } else {
                check.declined(call.reason());
            }
        } else {
            String problem = Differences.between(call.output, expected);
            if (problem == null) {
                check.passed();
            } else {
                check.failed(where, "decoded wrong data: " + problem);
            }
        }
    }

    /** Made once for all engines: deflating 1 MiB at level 9 is the slowest step of a check. */
    private static final class Samples {
        static final List<Sample> ALL = samples();
    }

    /** Rows at every size, and one chunk of random bytes (already-compressed blobs in a table). */
    private static List<Sample> samples() {
        List<Sample> list = new ArrayList<>();
        for (int kib : SIZES_KIB) {
            list.add(new Sample(kib + " KiB rows", RowBytes.generate(kib << 10, 20261130L + kib)));
        }
        byte[] random = new byte[64 << 10];
        new Random(20261130L).nextBytes(random);
        list.add(new Sample("64 KiB random", random));
        return list;
    }

    /** One input, with its java.util.zip streams made once for every buffer kind. */
    private static final class Sample {
        final String label;
        final byte[] data;
        final byte[][] zlibStreams = new byte[ZLIB_LEVELS.length][];
        final byte[] cassandraStream;

        Sample(String label, byte[] data) {
            this.label = label;
            this.data = data;
            for (int i = 0; i < ZLIB_LEVELS.length; i++) {
                zlibStreams[i] = JavaZip.deflate(data, ZLIB_LEVELS[i]);
            }
            this.cassandraStream = JavaZip.cassandraStream(data);
        }
    }
}
