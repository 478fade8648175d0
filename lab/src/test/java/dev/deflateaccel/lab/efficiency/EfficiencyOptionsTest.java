package dev.deflateaccel.lab.efficiency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class EfficiencyOptionsTest {

    @Test
    void theDefaultsAreTheEfficiencyRunOfIssue12() {
        EfficiencyOptions o = EfficiencyOptions.parse(new String[0]);
        assertEquals(7, o.reps);
        assertEquals(List.of("libdeflate", "igzip"), o.engines);
        assertEquals(6, o.level("libdeflate"));
        assertEquals(1, o.level("igzip"));
        assertEquals(0, o.cCapacity, "the C side gets the agent side's output room");
        assertEquals(3, o.rounds);
        assertEquals(0.5, o.seconds);
        assertEquals(3, o.warmupSeconds);
    }

    @Test
    void givenValuesAreReadAndBadOnesRefused() {
        EfficiencyOptions o = EfficiencyOptions.parse(new String[] {"--reps", "5", "--engines", "igzip",
            "--igzip-level", "3", "--chunk-kib", "64"});
        assertEquals(5, o.reps);
        assertEquals(List.of("igzip"), o.engines);
        assertEquals(3, o.level("igzip"));
        assertEquals(64 * 1024, o.chunkBytes());
        assertEquals("--engines zlib: want one or more of libdeflate,igzip", assertThrows(IllegalArgumentException.class,
                () -> EfficiencyOptions.parse(new String[] {"--engines", "zlib"})).getMessage());
        assertEquals("--reps needs a value", assertThrows(IllegalArgumentException.class,
                () -> EfficiencyOptions.parse(new String[] {"--reps"})).getMessage());
    }
}
