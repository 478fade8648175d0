package dev.deflateaccel.lab.efficiency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class InterleavedScheduleTest {
    @Test
    void alternatesWhichSideGoesFirstStartingWithC() {
        assertEquals(List.of(Side.C, Side.AGENT), InterleavedSchedule.order(1));
        assertEquals(List.of(Side.AGENT, Side.C), InterleavedSchedule.order(2));
        assertEquals(List.of(Side.C, Side.AGENT), InterleavedSchedule.order(3));
        assertEquals("C-A", InterleavedSchedule.describe(5));
        assertEquals("A-C", InterleavedSchedule.describe(6));
    }

    @Test
    void overFiveRepetitionsEachSideGoesFirstAtLeastTwice() {
        int cFirst = 0;
        for (int rep = 1; rep <= 5; rep++) {
            cFirst += InterleavedSchedule.order(rep).get(0) == Side.C ? 1 : 0;
        }
        assertEquals(3, cFirst);
    }

    @Test
    void repetitionsCountFromOne() {
        assertThrows(IllegalArgumentException.class, () -> InterleavedSchedule.order(0));
    }
}
