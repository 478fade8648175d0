package dev.deflateaccel.agent.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SpeedBudgetTest {
    /** The suite sets the property for every test (agent/pom.xml); each case here sets its own. */
    private String suiteValue;

    @BeforeEach
    void saveProperty() {
        suiteValue = System.getProperty(SpeedBudget.PROPERTY);
    }

    @AfterEach
    void restoreProperty() {
        if (suiteValue == null) {
            System.clearProperty(SpeedBudget.PROPERTY);
        } else {
            System.setProperty(SpeedBudget.PROPERTY, suiteValue);
        }
    }

    @Test
    void unsetGivesTheDefault() {
        System.clearProperty(SpeedBudget.PROPERTY);
        assertEquals(300_000_000L, SpeedBudget.nanos(300));
        assertNull(SpeedBudget.problem());
    }

    @Test
    void aValueInRangeReplacesTheDefault() {
        System.setProperty(SpeedBudget.PROPERTY, " 20 ");
        assertEquals(20_000_000L, SpeedBudget.nanos(300));
        System.setProperty(SpeedBudget.PROPERTY, "0");
        assertEquals(0L, SpeedBudget.nanos(600));
        System.setProperty(SpeedBudget.PROPERTY, "60000");
        assertEquals(60_000_000_000L, SpeedBudget.nanos(600));
        assertNull(SpeedBudget.problem());
    }

    @Test
    void aValueOutOfRangeOrNotANumberNamesTheKeyTheValueAndTheRange() {
        for (String bad : new String[] {"-1", "60001", "1.5", "fast", ""}) {
            System.setProperty(SpeedBudget.PROPERTY, bad);
            String expected = "-Ddeflateaccel.doctor.speedMillis=" + bad + " is not valid: expected whole milliseconds 0-60000";
            assertEquals(expected, SpeedBudget.problem());
            assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> SpeedBudget.nanos(300)).getMessage());
        }
    }
}
