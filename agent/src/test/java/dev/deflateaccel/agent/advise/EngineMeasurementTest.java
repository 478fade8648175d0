package dev.deflateaccel.agent.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.sample.RowBytes;

/** The round trip of every chunk: an engine whose output is wrong, or that stock zlib cannot read, is never usable. */
class EngineMeasurementTest {
    private static final Candidate LIBDEFLATE_6 = Candidate.all(1).get(3);

    private static List<SampledChunk> chunks() {
        byte[] rows = RowBytes.generate(8 * 16384, 99);
        List<SampledChunk> chunks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            byte[] u = Arrays.copyOfRange(rows, i * 16384, (i + 1) * 16384);
            chunks.add(new SampledChunk(u, u, true, Integer.MAX_VALUE));
        }
        return chunks;
    }

    private static long soon() {
        return System.nanoTime() + 50_000_000L;
    }

    @Test
    void stockZlibRoundTripsAndIsUsable() {
        Measurement m = EngineMeasurement.measure(LIBDEFLATE_6, new DeflateSource(), chunks(), soon());
        assertNull(m.roundTripFailure);
        assertTrue(m.usable());
        assertTrue(m.compress.passes >= EngineMeasurement.MIN_PASSES);
    }

    /** Output that decodes to other bytes (one flipped byte in the input it compressed). */
    @Test
    void wrongOutputIsCaught() {
        DeflateSource stock = new DeflateSource();
        SourceCodec wrong = new SourceCodec() {
            @Override
            public String describe() {
                return "wrong";
            }

            @Override
            public void decompress(byte[] in, int length, byte[] out) throws Exception {
                stock.decompress(in, length, out);
            }

            @Override
            public int compress(byte[] in, byte[] out) {
                byte[] copy = in.clone();
                copy[copy.length / 2] ^= 1;
                return stock.compress(copy, out);
            }

            @Override
            public int bound(int length) {
                return stock.bound(length);
            }
        };
        Measurement m = EngineMeasurement.measure(LIBDEFLATE_6, wrong, chunks(), soon());
        assertEquals("sample chunk 0: decompressed, it differs from the original", m.roundTripFailure);
        assertFalse(m.usable());
    }

    /** A raw Deflate stream (no zlib header) that the codec itself reads back, but stock Cassandra could not. */
    @Test
    void outputStockZlibCannotReadIsCaught() {
        SourceCodec raw = new SourceCodec() {
            @Override
            public String describe() {
                return "raw deflate";
            }

            @Override
            public void decompress(byte[] in, int length, byte[] out) throws Exception {
                Inflater i = new Inflater(true);
                i.setInput(in, 0, length);
                assertEquals(out.length, i.inflate(out));
                i.end();
            }

            @Override
            public int compress(byte[] in, byte[] out) {
                Deflater d = new Deflater(6, true);
                d.setInput(in);
                d.finish();
                int n = d.deflate(out);
                d.end();
                return n;
            }

            @Override
            public int bound(int length) {
                return length * 2 + 64;
            }
        };
        Measurement m = EngineMeasurement.measure(LIBDEFLATE_6, raw, chunks(), soon());
        assertTrue(m.roundTripFailure != null && m.roundTripFailure.startsWith(
                "sample chunk 0: stock java.util.zip cannot read it: "), m.roundTripFailure);
        assertFalse(m.usable());
    }

    /** A size pass past its deadline stops every engine at the same chunk, and says so. */
    @Test
    void sizeDeadlineStopsEveryEngineAtTheSameChunk() {
        List<EngineMeasurement.Entry> entries = new ArrayList<>();
        entries.add(new EngineMeasurement.Entry(Candidate.all(1).get(0), new DeflateSource(), null));
        entries.add(new EngineMeasurement.Entry(LIBDEFLATE_6, new DeflateSource(), null));
        List<SampledChunk> chunks = chunks();
        EngineMeasurement.Result r = EngineMeasurement.measureAll("NoopCompressor", new NoopSource(), entries, chunks,
                1000, System.nanoTime() - 1, soon());
        assertTrue(r.stoppedByTime);
        assertEquals(1, r.chunksMeasured, "the first chunk is always measured");
        assertEquals(r.engines.get(0).sampleBytes, r.engines.get(1).sampleBytes, "the same chunk for both");
        assertEquals(chunks.get(0).currentBytes(), r.current.sampleBytes);
        assertTrue(r.engines.get(1).usable(), "timed on the chunk it measured");
        EngineMeasurement.Result all = EngineMeasurement.measureAll("NoopCompressor", new NoopSource(), entries, chunks,
                chunks.size(), Long.MAX_VALUE, soon());
        assertFalse(all.stoppedByTime);
        assertEquals(chunks.size(), all.chunksMeasured);
        assertEquals(0.0, all.engines.get(1).sizeMargin, 0.0, "every chunk of the table measured: no margin");
    }
}
