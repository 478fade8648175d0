package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The rotation every node program runs in; the side-by-side's A-B-B-A rounds are its two-configuration case. */
class RotatedRunsTest {

    @Test
    void eachRepetitionStartsOneConfigurationLater() {
        List<SteadyConfig> configs = SteadyConfig.parse("stock,libdeflate,igzip");
        RotatedRuns runs = new RotatedRuns(configs, 3, null, "test");
        assertEquals(SteadyConfig.parse("stock,libdeflate,igzip"), runs.order(1));
        assertEquals(SteadyConfig.parse("libdeflate,igzip,stock"), runs.order(2));
        assertEquals(SteadyConfig.parse("igzip,stock,libdeflate"), runs.order(3));
    }

    @Test
    void twoConfigurationsAlternateWhichRunsFirst() {
        RotatedRuns rounds = new RotatedRuns(SteadyConfig.parse("libdeflate,stock"), 3, null, "side-by-side");
        assertEquals(SteadyConfig.parse("libdeflate,stock"), rounds.order(1));
        assertEquals(SteadyConfig.parse("stock,libdeflate"), rounds.order(2));
        assertEquals(SteadyConfig.parse("libdeflate,stock"), rounds.order(3));
    }
}
