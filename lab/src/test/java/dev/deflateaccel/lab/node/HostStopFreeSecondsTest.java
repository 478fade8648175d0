package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deflateaccel.harness.NodeTimeline;

class HostStopFreeSecondsTest {

    @Test
    void aSecondIsFreeWhenNeitherItNorTheOneBeforeHadAStop() {
        // stopped ms per second: 0, 0, 0, 100 (a stop), 0, 0, 7, 0, 0
        boolean[] free = HostStopFreeSeconds.of(timeline(0, 0, 0, 100, 0, 0, 7, 0, 0));
        assertArrayEquals(new boolean[] {false, true, true, false, false, true, false, false, true}, free,
                "the first second has no second before it; a stop also takes the next second out");
        assertEquals(4, HostStopFreeSeconds.count(free));
    }

    @Test
    void aSecondWithoutTheMetersReadingIsNotFree() {
        List<NodeTimeline.Second> seconds = timeline(0, 0, Double.NaN, 0, 0);
        seconds.add(new NodeTimeline.Second(seconds.size())); // no meter at all (a report from before it)
        assertArrayEquals(new boolean[] {false, true, false, false, true, false}, HostStopFreeSeconds.of(seconds));
        assertEquals(0, HostStopFreeSeconds.count(HostStopFreeSeconds.of(List.of())));
    }

    private static List<NodeTimeline.Second> timeline(double... stalledMs) {
        List<NodeTimeline.Second> seconds = new ArrayList<>();
        for (double ms : stalledMs) {
            NodeTimeline.Second s = new NodeTimeline.Second(seconds.size());
            s.values.put(HostStopFreeSeconds.STALL, ms);
            seconds.add(s);
        }
        return seconds;
    }
}
