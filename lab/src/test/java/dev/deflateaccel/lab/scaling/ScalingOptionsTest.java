package dev.deflateaccel.lab.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ScalingOptionsTest {

    @Test
    void theDefaultsAreTheScalingRunOfIssue12() {
        ScalingOptions o = ScalingOptions.parse(new String[0]);
        assertEquals(List.of("libdeflate", "igzip", "stock"), o.engines);
        assertEquals(List.of(1, 16, 64, 128, 256), o.threads);
        assertEquals(List.of("default", "8"), o.contexts);
        assertEquals(List.of("compress", "decompress"), o.directions);
        assertEquals(3, o.rounds);
        assertEquals(1, o.seconds);
        assertEquals(1, o.warmupSeconds);
        assertEquals(16 * 1024, o.chunkBytes());
        assertEquals(2 * 2 + 1, o.configurations().size(), "each agent engine per context setting, stock once");
    }

    @Test
    void givenValuesAreReadAndBadOnesRefused() {
        ScalingOptions o = ScalingOptions.parse(new String[] {"--threads", "1,4", "--contexts", "match",
            "--engines", "igzip", "--dataset", "rows"});
        assertEquals(4, o.configurations().get(0).maxContexts, "match: the largest thread count");
        assertEquals("rows", o.dataset);
        assertEquals("--contexts 0: want default, match and/or numbers of contexts (1-9999)",
                assertThrows(IllegalArgumentException.class,
                        () -> ScalingOptions.parse(new String[] {"--contexts", "0"})).getMessage());
        assertEquals("--directions both: want one or more of compress,decompress",
                assertThrows(IllegalArgumentException.class,
                        () -> ScalingOptions.parse(new String[] {"--directions", "both"})).getMessage());
        assertEquals("--seconds 0: want a number from 0.001 to 3600.0", assertThrows(IllegalArgumentException.class,
                () -> ScalingOptions.parse(new String[] {"--seconds", "0"})).getMessage());
    }
}
