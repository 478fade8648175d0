package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ArgListTest {
    @Test
    void expandsRangesInOrder() {
        assertEquals(List.of(1, 2, 3, 6), ArgList.ints("1-3,6"));
        assertEquals(List.of(4, 16, 64), ArgList.ints("4, 16,64"));
        assertEquals(List.of(0, 1, 2, 3), ArgList.ints("0-3"));
    }

    @Test
    void refusesDescendingRangesAndMissingValues() {
        assertThrows(IllegalArgumentException.class, () -> ArgList.ints("9-1"));
        assertThrows(IllegalArgumentException.class, () -> ArgList.value(new String[] {"--reps"}, 0));
    }

    @Test
    void joinsBackToTheSameText() {
        assertEquals("4,16,64", ArgList.join(List.of(4, 16, 64)));
        assertEquals(List.of("libdeflate", "igzip"), ArgList.words("libdeflate, igzip,"));
    }

    @Test
    void aBadNumberNamesTheOptionTheValueAndTheRange() {
        String[] args = {"--rows", "12x", "--share", "1.5", "--rounds", "0"};
        assertEquals(5000, ArgList.longIn(new String[] {"--rows", "5000"}, 0, 1000, Long.MAX_VALUE));
        assertEquals("--rows 12x: want a whole number of at least 1000", assertThrows(IllegalArgumentException.class,
                () -> ArgList.longIn(args, 0, 1000, Long.MAX_VALUE)).getMessage());
        assertEquals("--share 1.5: want a number from 0.0 to 1.0", assertThrows(IllegalArgumentException.class,
                () -> ArgList.doubleIn(args, 2, 0, 1)).getMessage());
        assertEquals("--rounds 0: want a whole number from 1 to 100", assertThrows(IllegalArgumentException.class,
                () -> ArgList.longIn(args, 4, 1, 100)).getMessage());
    }
}
