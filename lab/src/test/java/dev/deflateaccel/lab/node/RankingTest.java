package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.lab.tools.Spread;

/** Neighbours are told apart only when their ranges do not overlap. */
class RankingTest {

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
