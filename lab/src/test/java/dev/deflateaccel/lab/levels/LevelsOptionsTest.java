package dev.deflateaccel.lab.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class LevelsOptionsTest {

    @Test
    void theDefaultsAreTheFullLevelTable() {
        LevelsOptions o = LevelsOptions.parse(new String[0]);
        assertEquals("dataset:rows", o.source);
        assertEquals(List.of(4, 16, 64), o.chunkKiBs);
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), o.libdeflateLevels);
        assertEquals(List.of(0, 1, 2, 3), o.igzipLevels);
        assertEquals(3, o.warmup);
        assertEquals(5, o.rounds);
        assertEquals(0.5, o.seconds);
        assertEquals(16L << 20, o.maxBytes);
        assertEquals(1 + 9 + 4, o.configurations().size(), "stock, then every libdeflate and igzip level");
    }

    @Test
    void givenValuesAreReadAndBadOnesRefused() {
        LevelsOptions o = LevelsOptions.parse(new String[] {"--sstables", "data", "--chunks", "16", "--igzip-levels",
            "1,3", "--max-mib", "2"});
        assertTrue(o.source.startsWith("sstables:/") && o.source.endsWith("/data"));
        assertEquals(List.of(16), o.chunkKiBs);
        assertEquals(List.of(1, 3), o.igzipLevels);
        assertEquals(2L << 20, o.maxBytes);
        assertEquals("--libdeflate-levels 1-13: want whole numbers from 1 to 12, as in 1-3,6",
                assertThrows(IllegalArgumentException.class,
                        () -> LevelsOptions.parse(new String[] {"--libdeflate-levels", "1-13"})).getMessage());
        assertEquals("give one of --sstables and --dataset", assertThrows(IllegalArgumentException.class,
                () -> LevelsOptions.parse(new String[] {"--sstables", "data", "--dataset", "rows"})).getMessage());
    }
}
