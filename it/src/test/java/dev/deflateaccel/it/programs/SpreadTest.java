package dev.deflateaccel.it.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianAndRangeIgnoreMissingValues() {
        Spread s = Spread.of(List.of(3.0, Double.NaN, 1.0, 2.0));
        assertEquals(2.0, s.median);
        assertEquals(1.0, s.min);
        assertEquals(3.0, s.max);
        assertEquals(3, s.count);
        assertEquals(2.5, Spread.of(1, 2, 3, 4).median);
        assertEquals("2.00 (1.00-3.00)", s.format("%.2f"));
        assertEquals("n/a", Spread.of(Double.NaN).format("%.2f"));
    }

    @Test
    void overlapIncludesTouchingRanges() {
        assertTrue(Spread.of(1, 3).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(1, 2.9).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(6, 7).overlaps(Spread.of(3, 5)));
    }

    @Test
    void rankingSeparatesOnlyNonOverlappingNeighbours() {
        Map<String, Spread> cpu = new LinkedHashMap<>();
        cpu.put("stock", Spread.of(300, 320, 340));
        cpu.put("libdeflate", Spread.of(290, 300, 310));
        cpu.put("igzip", Spread.of(250, 260, 270));
        cpu.put("lz4", Spread.of(Double.NaN));
        assertEquals("igzip < libdeflate ~ stock", Ranking.of(cpu, true));
        Map<String, Spread> rate = new LinkedHashMap<>();
        rate.put("a", Spread.of(10, 11));
        rate.put("b", Spread.of(20, 21));
        assertEquals("b > a", Ranking.of(rate, false));
        Map<String, Spread> single = new LinkedHashMap<>();
        single.put("a", Spread.of(10));
        single.put("b", Spread.of(20));
        assertEquals("b ~ a", Ranking.of(single, false));
    }
}
