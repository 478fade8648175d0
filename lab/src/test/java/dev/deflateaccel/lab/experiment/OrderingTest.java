package dev.deflateaccel.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class OrderingTest {
    private static final List<String> SIDES = List.of("C", "agent");

    @Test
    void alternatedRunsInOrderInOddRepetitionsAndReversedInEvenOnes() {
        assertEquals(List.of("C", "agent"), Ordering.ALTERNATED.order(SIDES, 1));
        assertEquals(List.of("agent", "C"), Ordering.ALTERNATED.order(SIDES, 2));
        assertEquals(List.of("C", "agent"), Ordering.ALTERNATED.order(SIDES, 3));
        assertEquals("C-A", Ordering.ALTERNATED.describe(SIDES, 5));
        assertEquals("A-C", Ordering.ALTERNATED.describe(SIDES, 6));
    }

    @Test
    void alternatedOverFiveRepetitionsLetsEachSideGoFirstAtLeastTwice() {
        int cFirst = 0;
        for (int rep = 1; rep <= 5; rep++) {
            cFirst += Ordering.ALTERNATED.order(SIDES, rep).get(0).equals("C") ? 1 : 0;
        }
        assertEquals(3, cFirst);
    }

    @Test
    void alternatedReversesEveryConfigurationNotOnlyTwo() {
        assertEquals(List.of("c", "b", "a"), Ordering.ALTERNATED.order(List.of("a", "b", "c"), 4));
    }

    @Test
    void inOrderNeverChanges() {
        assertEquals(SIDES, Ordering.IN_ORDER.order(SIDES, 2));
        assertEquals("C-A", Ordering.IN_ORDER.describe(SIDES, 2));
    }

    @Test
    void repetitionsCountFromOne() {
        assertThrows(IllegalArgumentException.class, () -> Ordering.ALTERNATED.order(SIDES, 0));
    }
}
