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
    void refusesDescendingRanges() {
        assertThrows(IllegalArgumentException.class, () -> ArgList.ints("9-1"));
    }

    @Test
    void joinsBackToTheSameText() {
        assertEquals("4,16,64", ArgList.join(List.of(4, 16, 64)));
        assertEquals(List.of("libdeflate", "igzip"), ArgList.words("libdeflate, igzip,"));
    }
}
