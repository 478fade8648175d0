package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class SideBySideOptionsTest {

    @Test
    void aBadValueNamesTheOptionTheValueAndTheRange() {
        assertEquals("--rounds 0: want a whole number from 1 to 100", assertThrows(IllegalArgumentException.class,
                () -> SideBySideOptions.parse(new String[] {"--rounds", "0"})).getMessage());
        assertEquals("--warmup-rows 10: want a whole number of at least 1000", assertThrows(IllegalArgumentException.class,
                () -> SideBySideOptions.parse(new String[] {"--warmup-rows", "10"})).getMessage());
        SideBySideOptions o = SideBySideOptions.parse(new String[] {"--rows", "5000", "--seconds", "5", "--rounds", "1"});
        assertEquals(5000, o.rows);
        assertEquals(Duration.ofSeconds(5), o.mixed);
        assertEquals(1, o.rounds);
        assertEquals("lab/run-side-by-side.sh --rows 5000 --seconds 5 --rounds 1", o.commandLine);
    }
}
