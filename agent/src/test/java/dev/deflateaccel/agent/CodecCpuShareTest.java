package dev.deflateaccel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.bridge.stats.CallerGroup;
import dev.deflateaccel.bridge.stats.Direction;

/** The shares between two readings: codec CPU over process CPU, split by direction, group and engine. */
class CodecCpuShareTest {
    private static final int C = Direction.COMPRESS.ordinal();
    private static final int D = Direction.DECOMPRESS.ordinal();

    @Test
    void sharesAreTheCodecsDeltaOverTheProcesssDelta() {
        CodecCpuShare.Reading from = new CodecCpuShare.Reading(0, 1_000_000_000L);
        from.codec[C][CallerGroup.COMPACTION.ordinal()] = 10_000_000L;
        from.byEngine.put("libdeflate", 10_000_000L);
        CodecCpuShare.Reading to = new CodecCpuShare.Reading(60_000_000_000L, 3_000_000_000L); // 2 s of CPU in 60 s
        to.codec[C][CallerGroup.COMPACTION.ordinal()] = 110_000_000L; // +100 ms
        to.codec[D][CallerGroup.READS.ordinal()] = 60_000_000L;        // +60 ms
        to.codec[D][CallerGroup.COMPACTION.ordinal()] = 40_000_000L;   // +40 ms
        to.byEngine.put("libdeflate", 170_000_000L);
        to.byEngine.put("cassandra", 40_000_000L);

        CodecCpuShare.Shares s = new CodecCpuShare.Shares(from, to);
        assertEquals(60.0, s.seconds, 1e-9);
        assertEquals(10.0, s.total, 1e-9); // 200 ms of 2 s
        assertEquals(5.0, s.byDirection[C], 1e-9);
        assertEquals(5.0, s.byDirection[D], 1e-9);
        assertEquals(7.0, s.byGroup[CallerGroup.COMPACTION.ordinal()], 1e-9);
        assertEquals(3.0, s.byGroup[CallerGroup.READS.ordinal()], 1e-9);
        assertEquals(0.0, s.byGroup[CallerGroup.FLUSH.ordinal()], 1e-9);
        assertEquals(8.0, s.byEngine.get("libdeflate"), 1e-9);
        assertEquals(2.0, s.byEngine.get("cassandra"), 1e-9);
        assertEquals("cassandra=2.000,libdeflate=8.000", CodecCpuShare.byEngine(s), "the MBean's form, for advise");
    }

    @Test
    void withoutTheProcesssCpuTimeNoShareIsMadeUp() {
        CodecCpuShare.Reading from = new CodecCpuShare.Reading(0, -1);
        CodecCpuShare.Reading to = new CodecCpuShare.Reading(10_000_000_000L, -1);
        to.codec[C][0] = 5_000_000L;
        CodecCpuShare.Shares s = new CodecCpuShare.Shares(from, to);
        assertTrue(Double.isNaN(s.total));
        assertTrue(Double.isNaN(s.byDirection[C]));
        assertTrue(s.byEngine.isEmpty());
        assertEquals("", CodecCpuShare.byEngine(s));
        assertEquals("n/a", CodecCpuShare.pct(s.total));
    }

    @Test
    void aReadingCarriesAnotherOnesTotals() {
        CodecCpuShare.Reading a = new CodecCpuShare.Reading(0, 0);
        a.codec[D][CallerGroup.FLUSH.ordinal()] = 7;
        a.byEngine.put("igzip", 7L);
        CodecCpuShare.Reading b = new CodecCpuShare.Reading(0, 0);
        b.codec[D][CallerGroup.FLUSH.ordinal()] = 5;
        b.byEngine.put("igzip", 5L);
        b.add(a);
        assertEquals(12, b.codec[D][CallerGroup.FLUSH.ordinal()]);
        assertEquals(12L, b.byEngine.get("igzip"));
        assertEquals(12, b.total());
    }

    @Test
    void percentagesReadAsAnOperatorWould() {
        assertEquals("0.0%", CodecCpuShare.pct(0));
        assertEquals("4.2%", CodecCpuShare.pct(4.24));
        assertEquals("12%", CodecCpuShare.pct(12.4));
        assertFalse(CodecCpuShare.pct(Double.NaN).contains("NaN"));
    }
}
